package sse

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/grafana/sobek"
	"go.k6.io/k6/js/common"
	"go.k6.io/k6/lib/types"
	"go.k6.io/k6/metrics"
)

// Response is what sse.open returns once the stream has ended (xk6-sse's shape).
type Response struct {
	URL     string            `js:"url"`
	Status  int               `js:"status"`
	Headers map[string]string `js:"headers"`
	Error   string            `js:"error"`
}

type openArgs struct {
	setup   sobek.Callable
	method  string
	body    string
	headers http.Header
	timeout time.Duration
	tags    *metrics.TagsAndMeta
}

// open blocks the VU while the stream is open, like xk6-sse and k6/ws: handlers run on this
// goroutine only, so scripts need no locking.
func (mi *moduleInstance) open(url string, args ...sobek.Value) (*Response, error) {
	state := mi.vu.State()
	if state == nil {
		return nil, common.NewInitContextError("using sse in the init context is not supported")
	}
	rt := mi.vu.Runtime()
	parsed, err := parseArgs(mi, url, args)
	if err != nil {
		return nil, err
	}

	ctx, cancel := context.WithCancel(mi.vu.Context())
	defer cancel()
	if parsed.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, parsed.timeout)
		defer cancel()
	}

	client := &Client{rt: rt, handlers: map[string][]sobek.Callable{}, cancel: cancel}
	if _, err := parsed.setup(sobek.Undefined(), rt.ToValue(client)); err != nil {
		return nil, err
	}

	req, err := http.NewRequestWithContext(ctx, parsed.method, url, strings.NewReader(parsed.body))
	if err != nil {
		return nil, err
	}
	req.Header = parsed.headers

	started := time.Now()
	httpClient := &http.Client{Transport: state.Transport}
	resp, err := httpClient.Do(req) //nolint:bodyclose // closed below
	headersAt := time.Now()
	if err != nil {
		mi.pushEnd(ctx, parsed.tags, started, headersAt, headersAt, true)
		if hErr := client.emit("error", rt.ToValue(err.Error())); hErr != nil {
			return nil, hErr
		}
		if state.Options.Throw.Bool {
			return nil, err
		}
		return &Response{URL: url, Error: err.Error()}, nil
	}
	defer func() { _ = resp.Body.Close() }()
	parsed.tags.SetSystemTagOrMetaIfEnabled(state.Options.SystemTags, metrics.TagStatus, strconv.Itoa(resp.StatusCode))

	result := &Response{URL: url, Status: resp.StatusCode, Headers: flatten(resp.Header)}
	ok := resp.StatusCode == http.StatusOK &&
		strings.HasPrefix(strings.ToLower(resp.Header.Get("Content-Type")), "text/event-stream")
	if !ok {
		// Not a stream (404 before the stream opens, an error envelope...): nothing to read.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		mi.pushEnd(ctx, parsed.tags, started, headersAt, time.Now(), true)
		return result, nil
	}
	if err := client.emit("open"); err != nil {
		return nil, err
	}

	runErr := mi.pump(ctx, client, resp.Body, parsed.tags)
	mi.pushEnd(mi.vu.Context(), parsed.tags, started, headersAt, time.Now(), false)
	if runErr != nil {
		return nil, runErr // a handler threw: surface it as the script's exception
	}
	return result, nil
}

// pump hands each frame to the handlers until the stream ends, the client closes it, the
// timeout passes or the VU stops. It returns only a handler's exception.
func (mi *moduleInstance) pump(ctx context.Context, client *Client, body io.Reader, tags *metrics.TagsAndMeta) error {
	events := make(chan Event)
	readErr := make(chan error, 1)
	go func() { readErr <- readEvents(ctx, body, events) }()

	rt := client.rt
	for {
		select {
		case ev := <-events:
			if ev.Name != "" || ev.Data != "" {
				metrics.PushIfNotDone(ctx, mi.vu.State().Samples, metrics.Sample{
					TimeSeries: metrics.TimeSeries{Metric: mi.metrics.eventReceived, Tags: tags.Tags},
					Time:       time.Now(), Metadata: tags.Metadata, Value: 1,
				})
			}
			if err := client.emit("event", rt.ToValue(ev)); err != nil {
				client.Close()
				<-readErr
				return err
			}
		case err := <-readErr:
			// EOF, the client's own close and our deadline are normal ends; anything else is reported.
			if err != nil && !errors.Is(err, io.EOF) && ctx.Err() == nil {
				if hErr := client.emit("error", rt.ToValue(err.Error())); hErr != nil {
					return hErr
				}
			} else if errors.Is(ctx.Err(), context.DeadlineExceeded) && !client.closed {
				if hErr := client.emit("error", rt.ToValue("stream timeout reached")); hErr != nil {
					return hErr
				}
			}
			return nil
		}
	}
}

func (mi *moduleInstance) pushEnd(
	ctx context.Context, tags *metrics.TagsAndMeta, started, headersAt, ended time.Time, failed bool,
) {
	state := mi.vu.State()
	b := state.BuiltinMetrics
	failedValue := 0.0
	if failed {
		failedValue = 1
	}
	sample := func(m *metrics.Metric, v float64) metrics.Sample {
		return metrics.Sample{
			TimeSeries: metrics.TimeSeries{Metric: m, Tags: tags.Tags},
			Time:       ended, Metadata: tags.Metadata, Value: v,
		}
	}
	metrics.PushIfNotDone(ctx, state.Samples, metrics.ConnectedSamples{
		Samples: []metrics.Sample{
			sample(b.HTTPReqs, 1),
			sample(b.HTTPReqFailed, failedValue),
			// Time to the response headers: how long the stream took to open.
			sample(b.HTTPReqWaiting, metrics.D(headersAt.Sub(started))),
			// The stream's whole lifetime (tag streams apart from API calls in thresholds).
			sample(b.HTTPReqDuration, metrics.D(ended.Sub(started))),
		},
		Tags: tags.Tags,
		Time: ended,
	})
}

func parseArgs(mi *moduleInstance, url string, args []sobek.Value) (*openArgs, error) {
	state := mi.vu.State()
	rt := mi.vu.Runtime()
	var paramsV, setupV sobek.Value
	switch len(args) {
	case 1:
		setupV = args[0]
	case 2:
		paramsV, setupV = args[0], args[1]
	default:
		return nil, errors.New("sse.open(url, [params], setup) takes 2 or 3 arguments")
	}
	setup, ok := sobek.AssertFunction(setupV)
	if !ok {
		return nil, errors.New("the last argument to sse.open must be a function")
	}

	tags := state.Tags.GetCurrentValues()
	parsed := &openArgs{setup: setup, method: http.MethodGet, headers: http.Header{}, tags: &tags}
	parsed.headers.Set("Accept", "text/event-stream")
	parsed.headers.Set("Cache-Control", "no-cache")
	if ua := state.Options.UserAgent; ua.Valid {
		parsed.headers.Set("User-Agent", ua.String)
	}

	if paramsV != nil && !sobek.IsUndefined(paramsV) && !sobek.IsNull(paramsV) {
		params := paramsV.ToObject(rt)
		for _, key := range params.Keys() {
			value := params.Get(key)
			if sobek.IsUndefined(value) || sobek.IsNull(value) {
				continue
			}
			switch key {
			case "method":
				parsed.method = strings.ToUpper(strings.TrimSpace(value.String()))
			case "body":
				parsed.body = value.String()
			case "headers":
				headers := value.ToObject(rt)
				for _, name := range headers.Keys() {
					parsed.headers.Set(name, headers.Get(name).String())
				}
			case "tags":
				if err := common.ApplyCustomUserTags(rt, parsed.tags, value); err != nil {
					return nil, fmt.Errorf("invalid sse.open() tags: %w", err)
				}
			case "timeout":
				d, err := types.GetDurationValue(value.Export())
				if err != nil {
					return nil, fmt.Errorf("invalid sse.open() timeout: %w", err)
				}
				parsed.timeout = d
			}
		}
	}

	enabled := state.Options.SystemTags
	parsed.tags.SetSystemTagOrMetaIfEnabled(enabled, metrics.TagURL, url)
	parsed.tags.SetSystemTagOrMetaIfEnabled(enabled, metrics.TagMethod, parsed.method)
	if _, named := parsed.tags.Tags.Get(metrics.TagName.String()); !named {
		parsed.tags.SetSystemTagOrMetaIfEnabled(enabled, metrics.TagName, url)
	}
	return parsed, nil
}

func flatten(h http.Header) map[string]string {
	out := make(map[string]string, len(h))
	for name, values := range h {
		out[name] = strings.Join(values, ", ")
	}
	return out
}
