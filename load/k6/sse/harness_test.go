package sse

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/grafana/sobek"
	"github.com/stretchr/testify/require"
	"go.k6.io/k6/js/modulestest"
	"go.k6.io/k6/lib"
	"go.k6.io/k6/metrics"
)

// harness is one VU with k6/x/sse as the global `sse`, in the VU context (as in an iteration),
// and the samples it pushed.
type harness struct {
	t       *testing.T
	rt      *modulestest.Runtime
	state   *lib.State
	samples chan metrics.SampleContainer
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	rt := modulestest.NewRuntime(t)
	mod := new(rootModule).NewModuleInstance(rt.VU)
	require.NoError(t, rt.VU.Runtime().Set("sse", mod.Exports().Default))
	samples := make(chan metrics.SampleContainer, 10_000)
	transport := &http.Transport{}
	t.Cleanup(transport.CloseIdleConnections)
	state := &lib.State{
		Options: lib.Options{
			SystemTags: metrics.NewSystemTagSet(metrics.TagURL, metrics.TagStatus, metrics.TagMethod, metrics.TagName),
		},
		Samples:        samples,
		Transport:      transport,
		BuiltinMetrics: rt.BuiltinMetrics,
		Tags:           lib.NewVUStateTags(rt.VU.InitEnvField.Registry.RootTagSet()),
	}
	rt.MoveToVUContext(state)
	return &harness{t: t, rt: rt, state: state, samples: samples}
}

// run runs a script that uses the blocking sse.open.
func (h *harness) run(script string) error {
	_, err := h.rt.VU.Runtime().RunString(script)
	return err
}

// runAsync runs a script on the event loop until it and everything it registered are done.
func (h *harness) runAsync(script string) error {
	_, err := h.rt.RunOnEventLoop(script)
	return err
}

// global answers a script global, exported to Go.
func (h *harness) global(name string) any {
	v := h.rt.VU.Runtime().Get(name)
	if v == nil || sobek.IsUndefined(v) {
		return nil
	}
	return v.Export()
}

// count is how many samples of a metric were pushed (with the given value, when want >= 0).
func (h *harness) count(metric string, want float64) int {
	n := 0
	for _, container := range metrics.GetBufferedSamples(h.samples) {
		for _, sample := range container.GetSamples() {
			if sample.Metric.Name == metric && (want < 0 || sample.Value == want) {
				n++
			}
		}
	}
	return n
}

// server is an httptest server on loopback with one handler per path.
func server(t *testing.T, routes map[string]http.HandlerFunc) string {
	t.Helper()
	mux := http.NewServeMux()
	for path, handler := range routes {
		mux.HandleFunc(path, handler)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv.URL
}

// startStream starts an event-stream answer and answers a function writing and flushing raw text.
func startStream(w http.ResponseWriter) func(string) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	flusher.Flush()
	return func(text string) {
		_, _ = w.Write([]byte(text))
		flusher.Flush()
	}
}

// holdUntilGone keeps a handler open until the client hangs up, at most `limit`; answers
// whether the client went first.
func holdUntilGone(r *http.Request, limit time.Duration) bool {
	select {
	case <-r.Context().Done():
		return true
	case <-time.After(limit):
		return false
	}
}

// closedPort is a loopback address nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := listener.Addr().String()
	require.NoError(t, listener.Close())
	return "http://" + addr
}

// receive takes one value from ch, failing the test (instead of hanging it) after `limit`.
func receive[T any](t *testing.T, ch <-chan T, limit time.Duration) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(limit):
		t.Fatalf("nothing received within %s", limit)
		var zero T
		return zero
	}
}
