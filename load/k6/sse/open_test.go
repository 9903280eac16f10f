package sse

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenParsesFrames(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	base := server(t, map[string]http.HandlerFunc{"/frames": func(w http.ResponseWriter, _ *http.Request) {
		write := startStream(w)
		write("id: item-1\nevent: snapshot\ndata: {\"a\":1}\ndata: {\"b\":2}\n\n")
		write(": keep-alive\n\n")
		write("event: delta\r\ndata: chunk\r\n\r\n")
		write("retry: 1000\nfoo: bar\ndata: x\n\n")
		write("event: last\ndata: {}\n\n")
	}})
	require.NoError(t, h.run(`
		var frames = [], opened = 0, errors = [];
		var res = sse.open("`+base+`/frames", { headers: { "X-Probe": "yes" }, timeout: "5s" }, function (client) {
			client.on("open", function () { opened++; });
			client.on("error", function (e) { errors.push(e.error()); });
			client.on("event", function (e) { frames.push([e.name, e.id, e.data, e.comment]); });
		});
		var status = res.status, contentType = res.headers["Content-Type"];
	`))
	assert.Equal(t, int64(1), h.global("opened"))
	assert.Empty(t, h.global("errors"))
	assert.Equal(t, int64(200), h.global("status"))
	assert.Equal(t, "text/event-stream", h.global("contentType"))
	assert.Equal(t, []any{
		[]any{"snapshot", "item-1", "{\"a\":1}\n{\"b\":2}", ""},
		[]any{"", "", "", "keep-alive"},
		[]any{"delta", "", "chunk", ""},
		[]any{"", "", "x", ""},
		[]any{"last", "", "{}", ""},
	}, h.global("frames"))
	// Keep-alives are frames for the script but not sse_event samples (xk6-sse counts data frames).
	assert.Equal(t, 4, h.count("sse_event", -1))
}

func TestCloseMidStream(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	gone := make(chan bool, 1)
	base := server(t, map[string]http.HandlerFunc{"/endless": func(w http.ResponseWriter, r *http.Request) {
		write := startStream(w)
		ticker := time.NewTicker(5 * time.Millisecond)
		defer ticker.Stop()
		for deadline := time.After(10 * time.Second); ; {
			select {
			case <-ticker.C:
				write("event: tick\ndata: {}\n\n")
			case <-r.Context().Done():
				gone <- true
				return
			case <-deadline:
				gone <- false
				return
			}
		}
	}})
	started := time.Now()
	require.NoError(t, h.run(`
		var seen = 0, errors = 0;
		var res = sse.open("`+base+`/endless", function (client) {
			client.on("error", function () { errors++; });
			client.on("event", function () { if (++seen === 3) client.close(); });
		});
	`))
	assert.Less(t, time.Since(started), 5*time.Second)
	assert.Equal(t, int64(3), h.global("seen"), "frames after close() are dropped")
	assert.Equal(t, int64(0), h.global("errors"), "closing is not an error")
	assert.True(t, receive(t, gone, 15*time.Second), "the connection is closed when the script closes the stream")
	assert.Equal(t, 1, h.count("http_reqs", -1))
}

func TestHandlerExceptionEndsTheStream(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	gone := make(chan bool, 1)
	base := server(t, map[string]http.HandlerFunc{"/hold": func(w http.ResponseWriter, r *http.Request) {
		startStream(w)("event: first\ndata: {}\n\n")
		gone <- holdUntilGone(r, 10*time.Second)
	}})
	err := h.run(`sse.open("` + base + `/hold", function (client) {
		client.on("event", function () { throw new Error("handler boom"); });
	});`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "handler boom")
	assert.True(t, receive(t, gone, 15*time.Second))
}

func TestVUContextCancelledEndsTheStream(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	base := server(t, map[string]http.HandlerFunc{"/hold": func(w http.ResponseWriter, r *http.Request) {
		startStream(w)("event: first\ndata: {}\n\n")
		holdUntilGone(r, 10*time.Second)
	}})
	stop := time.AfterFunc(200*time.Millisecond, h.rt.CancelContext)
	defer stop.Stop()
	started := time.Now()
	require.NoError(t, h.run(`
		var errors = 0, seen = 0;
		sse.open("`+base+`/hold", function (client) {
			client.on("event", function () { seen++; });
			client.on("error", function () { errors++; });
		});
	`))
	assert.Less(t, time.Since(started), 5*time.Second)
	assert.Equal(t, int64(1), h.global("seen"))
	assert.Equal(t, int64(0), h.global("errors"), "a stopping VU is not an error of the stream")
}

func TestConnectionErrorReachesTheErrorHandler(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	require.NoError(t, h.run(`
		var messages = [], kinds = [];
		var res = sse.open("`+closedPort(t)+`/x", { timeout: "5s" }, function (client) {
			client.on("error", function (e) { kinds.push(typeof e.error); messages.push(e.error(), String(e)); });
		});
		var status = res.status, message = res.error;
	`))
	assert.Equal(t, []any{"function"}, h.global("kinds"), "xk6-sse's shape: e.error() is the message")
	messages, _ := h.global("messages").([]any)
	require.Len(t, messages, 2)
	assert.Contains(t, messages[0], "connection refused")
	assert.Equal(t, messages[0], messages[1])
	assert.Equal(t, int64(0), h.global("status"))
	assert.Contains(t, h.global("message"), "connection refused")
	assert.Equal(t, 1, h.count("http_req_failed", 1))

	h.state.Options.Throw.Valid, h.state.Options.Throw.Bool = true, true
	err := h.run(`sse.open("` + closedPort(t) + `/x", function () {});`)
	require.Error(t, err, "with throw enabled a connection error is an exception")
}

func TestTooLargeLineOrFrameIsAnError(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", maxFrameBytes+10)
	many := strings.Repeat("data: "+strings.Repeat("y", 100_000)+"\n", 11)
	for name, body := range map[string]string{"line": "data: " + long + "\n\n", "frame": many + "\n"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			base := server(t, map[string]http.HandlerFunc{"/big": func(w http.ResponseWriter, r *http.Request) {
				write := startStream(w)
				write("event: small\ndata: {}\n\n")
				write(body)
				holdUntilGone(r, 10*time.Second)
			}})
			started := time.Now()
			require.NoError(t, h.run(`
				var errors = [], names = [];
				sse.open("`+base+`/big", function (client) {
					client.on("event", function (e) { names.push(e.name); });
					client.on("error", function (e) { errors.push(e.error()); });
				});
			`))
			assert.Less(t, time.Since(started), 5*time.Second, "the stream is closed, not held")
			assert.Equal(t, []any{"small"}, h.global("names"))
			errors, _ := h.global("errors").([]any)
			require.Len(t, errors, 1)
			assert.Contains(t, errors[0], "of more than 1048576 bytes")
		})
	}
}

func TestIdleTimeout(t *testing.T) {
	t.Parallel()
	base := server(t, map[string]http.HandlerFunc{
		"/silent": func(w http.ResponseWriter, r *http.Request) {
			startStream(w)("event: first\ndata: {}\n\n")
			holdUntilGone(r, 10*time.Second)
		},
		"/kept-alive": func(w http.ResponseWriter, _ *http.Request) {
			write := startStream(w)
			for range 8 {
				time.Sleep(50 * time.Millisecond) // the server's pace, not a synchronisation
				write(": keep-alive\n\n")
			}
		},
	})
	script := func(path string) string {
		return `
			var errors = [];
			sse.open("` + base + path + `", { idleTimeout: "200ms", timeout: "5s" }, function (client) {
				client.on("error", function (e) { errors.push(e.error()); });
			});`
	}

	h := newHarness(t)
	started := time.Now()
	require.NoError(t, h.run(script("/silent")))
	assert.Less(t, time.Since(started), 3*time.Second)
	assert.Equal(t, []any{"no frame or keep-alive for 200ms (idleTimeout)"}, h.global("errors"))

	h = newHarness(t)
	require.NoError(t, h.run(script("/kept-alive")))
	assert.Empty(t, h.global("errors"), "keep-alives every 50 ms keep a 200 ms idle timeout from firing")
}

func TestTimeoutEndsTheStreamAndItsSamplesArePushed(t *testing.T) {
	t.Parallel()
	base := server(t, map[string]http.HandlerFunc{
		"/silent": func(w http.ResponseWriter, r *http.Request) {
			startStream(w)
			holdUntilGone(r, 10*time.Second)
		},
		"/no-headers": func(_ http.ResponseWriter, r *http.Request) {
			holdUntilGone(r, 10*time.Second)
		},
	})

	h := newHarness(t)
	require.NoError(t, h.run(`
		var errors = [];
		var res = sse.open("`+base+`/silent", { timeout: "200ms" }, function (client) {
			client.on("error", function (e) { errors.push(e.error()); });
		});
		var status = res.status;
	`))
	assert.Equal(t, []any{"stream timeout reached"}, h.global("errors"))
	assert.Equal(t, int64(200), h.global("status"))
	assert.Equal(t, 1, h.count("http_reqs", -1), "pushed with the VU's context, not the expired stream's")

	h = newHarness(t)
	require.NoError(t, h.run(`
		var errors = 0;
		var res = sse.open("`+base+`/no-headers", { timeout: "200ms" }, function (client) {
			client.on("error", function () { errors++; });
		});
		var message = res.error;
	`))
	assert.Equal(t, int64(1), h.global("errors"))
	assert.Contains(t, h.global("message"), "deadline exceeded")
	assert.Equal(t, 1, h.count("http_req_failed", 1), "a request that timed out before its headers is recorded")
}

func TestNotAStream(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	base := server(t, map[string]http.HandlerFunc{"/missing": func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"detail":{"message":"no"}}`, http.StatusNotFound)
	}})
	require.NoError(t, h.run(`
		var events = 0;
		var res = sse.open("`+base+`/missing", function (client) { client.on("event", function () { events++; }); });
		var status = res.status;
	`))
	assert.Equal(t, int64(404), h.global("status"))
	assert.Equal(t, int64(0), h.global("events"))
	assert.Equal(t, 1, h.count("http_req_failed", 1))
}
