package sse

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/grafana/sobek"
	"go.k6.io/k6/js/common"
	"go.k6.io/k6/lib"
	"go.k6.io/k6/metrics"
)

// Response is what sse.open returns (and sse.openAsync resolves to) once the stream has ended:
// xk6-sse's shape.
type Response struct {
	URL     string            `js:"url"`
	Status  int               `js:"status"`
	Headers map[string]string `js:"headers"`
	Error   string            `js:"error"`
}

// deliverFunc runs the script's handlers for one "open", "event" or "error" and answers a
// handler's exception. sse.open calls them directly; sse.openAsync queues them on the event loop.
type deliverFunc func(name string, arg any) error

// stream is one sse.open or sse.openAsync call: its arguments, what it captured from the VU while
// on the VU's goroutine, and the context that ends it.
type stream struct {
	mi     *moduleInstance
	state  *lib.State
	vuCtx  context.Context
	url    string
	args   *openArgs
	client *Client
	ctx    context.Context
	cancel context.CancelFunc
}

// newStream parses the arguments and runs the script's setup function, so every handler is
// registered before the request goes out. It must run on the VU's goroutine.
func (mi *moduleInstance) newStream(fn, url string, args []sobek.Value) (*stream, error) {
	state := mi.vu.State()
	if state == nil {
		return nil, common.NewInitContextError("using sse in the init context is not supported")
	}
	rt := mi.vu.Runtime()
	parsed, err := parseArgs(fn, state, rt, url, args)
	if err != nil {
		return nil, err
	}
	vuCtx := mi.vu.Context()
	ctx, cancel := context.WithCancel(vuCtx)
	if parsed.timeout > 0 {
		ctx, cancel = withTimeout(ctx, cancel, parsed.timeout)
	}
	s := &stream{mi: mi, state: state, vuCtx: vuCtx, url: url, args: parsed, ctx: ctx, cancel: cancel}
	s.client = &Client{rt: rt, handlers: map[string][]sobek.Callable{}, cancel: cancel}
	if _, err := parsed.setup(sobek.Undefined(), rt.ToValue(s.client)); err != nil {
		cancel()
		return nil, err
	}
	return s, nil
}

// withTimeout bounds ctx; the returned cancel releases both contexts.
func withTimeout(ctx context.Context, cancel context.CancelFunc, d time.Duration) (context.Context, context.CancelFunc) {
	bounded, cancelBounded := context.WithTimeout(ctx, d)
	return bounded, func() {
		cancelBounded()
		cancel()
	}
}

// run sends the request and follows the stream to its end, handing everything to deliver. It
// answers the response, or an error: a handler's exception (*handlerError), or the connection
// error when the script runs with throw enabled.
func (s *stream) run(deliver deliverFunc) (*Response, error) {
	defer s.cancel()
	started := time.Now()
	resp, err := s.request()
	headersAt := time.Now()
	if err != nil {
		s.pushEnd(started, headersAt, headersAt, true)
		if hErr := deliver("error", errorEvent(err)); hErr != nil {
			return nil, hErr
		}
		if s.state.Options.Throw.Bool {
			return nil, err
		}
		return &Response{URL: s.url, Error: err.Error()}, nil
	}
	defer func() { _ = resp.Body.Close() }()
	s.args.tags.SetSystemTagOrMetaIfEnabled(s.state.Options.SystemTags, metrics.TagStatus, strconv.Itoa(resp.StatusCode))

	result := &Response{URL: s.url, Status: resp.StatusCode, Headers: flatten(resp.Header)}
	if !isEventStream(resp) {
		// Not a stream (404 before the stream opens, an error envelope...): nothing to read.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		s.pushEnd(started, headersAt, time.Now(), true)
		return result, nil
	}
	if err := deliver("open", nil); err != nil {
		return nil, err
	}
	runErr := s.follow(resp.Body, deliver)
	s.pushEnd(started, headersAt, time.Now(), false)
	if runErr != nil {
		return nil, runErr
	}
	return result, nil
}

func (s *stream) request() (*http.Response, error) {
	req, err := http.NewRequestWithContext(s.ctx, s.args.method, s.url, strings.NewReader(s.args.body))
	if err != nil {
		return nil, err
	}
	req.Header = s.args.headers
	// The VU's transport: k6's dialer, TLS settings, blocked hostnames and connection reuse rules.
	return (&http.Client{Transport: s.state.Transport}).Do(req) //nolint:bodyclose // closed by run
}

func isEventStream(resp *http.Response) bool {
	return resp.StatusCode == http.StatusOK &&
		strings.HasPrefix(strings.ToLower(resp.Header.Get("Content-Type")), "text/event-stream")
}

func flatten(h http.Header) map[string]string {
	out := make(map[string]string, len(h))
	for name, values := range h {
		out[name] = strings.Join(values, ", ")
	}
	return out
}
