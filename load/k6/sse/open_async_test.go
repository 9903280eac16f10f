package sse

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// peers answers on /peer/{i} only once all n streams are connected: it proves the streams are
// open at the same time (one VU, several streams), and fails (after 5 s) if they are not.
func peers(n int) (http.HandlerFunc, func() bool) {
	var arrived sync.WaitGroup
	arrived.Add(n)
	all := make(chan struct{})
	go func() {
		arrived.Wait()
		close(all)
	}()
	met := true
	var mu sync.Mutex
	return func(w http.ResponseWriter, r *http.Request) {
			write := startStream(w)
			arrived.Done()
			select {
			case <-all:
			case <-time.After(5 * time.Second):
				mu.Lock()
				met = false
				mu.Unlock()
			}
			write(fmt.Sprintf("event: hello\ndata: %s\n\n", r.URL.Path))
			write(": keep-alive\n\nevent: last\ndata: {}\n\n")
		}, func() bool {
			mu.Lock()
			defer mu.Unlock()
			return met
		}
}

func TestOpenAsyncHoldsSeveralStreamsOnOneVU(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	handler, met := peers(3)
	base := server(t, map[string]http.HandlerFunc{"/peer/": handler})
	started := time.Now()
	require.NoError(t, h.runAsync(`
		var got = [], opened = 0, statuses = null;
		var all = [0, 1, 2].map(function (i) {
			return sse.openAsync("`+base+`/peer/" + i, { timeout: "10s" }, function (client) {
				client.on("open", function () { opened++; });
				client.on("event", function (e) { got.push(i + ":" + (e.name || "keep-alive")); });
			});
		});
		Promise.all(all).then(function (rs) { statuses = rs.map(function (r) { return r.status; }); });
	`))
	assert.True(t, met(), "all three streams were open at once")
	assert.Less(t, time.Since(started), 5*time.Second)
	assert.Equal(t, int64(3), h.global("opened"))
	assert.Equal(t, []any{int64(200), int64(200), int64(200)}, h.global("statuses"))
	got, _ := h.global("got").([]any)
	assert.ElementsMatch(t, []any{
		"0:hello", "0:keep-alive", "0:last", "1:hello", "1:keep-alive", "1:last", "2:hello", "2:keep-alive", "2:last",
	}, got)
	assert.Equal(t, 6, h.count("sse_event", -1))
}

func TestOpenAsyncCloseResolvesThePromise(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	base := server(t, map[string]http.HandlerFunc{"/hold": func(w http.ResponseWriter, r *http.Request) {
		startStream(w)("event: first\ndata: {}\n\n")
		holdUntilGone(r, 10*time.Second)
	}})
	started := time.Now()
	require.NoError(t, h.runAsync(`
		var status = 0, order = [];
		sse.openAsync("`+base+`/hold", function (client) {
			client.on("event", function () { order.push("event"); client.close(); });
		}).then(function (r) { order.push("resolved"); status = r.status; });
		order.push("returned");
	`))
	assert.Less(t, time.Since(started), 5*time.Second)
	assert.Equal(t, []any{"returned", "event", "resolved"}, h.global("order"), "openAsync does not block the VU")
	assert.Equal(t, int64(200), h.global("status"))
}

func TestOpenAsyncHandlerExceptionClosesEveryStream(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	gone := make(chan bool, 2)
	quietConnected := make(chan struct{})
	base := server(t, map[string]http.HandlerFunc{
		"/quiet": func(w http.ResponseWriter, r *http.Request) {
			startStream(w)
			close(quietConnected)
			gone <- holdUntilGone(r, 10*time.Second)
		},
		"/throws": func(w http.ResponseWriter, r *http.Request) {
			write := startStream(w)
			// The exception comes only once the other stream is open, so closing it is what is tested.
			select {
			case <-quietConnected:
			case <-time.After(5 * time.Second):
			}
			write("event: first\ndata: {}\n\n")
			gone <- holdUntilGone(r, 10*time.Second)
		},
	})
	started := time.Now()
	err := h.runAsync(`
		sse.openAsync("` + base + `/quiet", function () {});
		sse.openAsync("` + base + `/throws", function (client) {
			client.on("event", function () { throw new Error("async boom"); });
		});
	`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "async boom")
	assert.True(t, receive(t, gone, 15*time.Second))
	assert.True(t, receive(t, gone, 15*time.Second))
	assert.Less(t, time.Since(started), 5*time.Second, "the aborted iteration does not wait for the other stream")
}

func TestOpenAsyncConnectionError(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	require.NoError(t, h.runAsync(`
		var message = "", status = -1;
		sse.openAsync("`+closedPort(t)+`/x", function (client) {
			client.on("error", function (e) { message = e.error(); });
		}).then(function (r) { status = r.status; });
	`))
	assert.Contains(t, h.global("message"), "connection refused")
	assert.Equal(t, int64(0), h.global("status"))
}
