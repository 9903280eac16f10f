package sse

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/grafana/sobek"
	"go.k6.io/k6/js/common"
	"go.k6.io/k6/lib"
	"go.k6.io/k6/lib/types"
	"go.k6.io/k6/metrics"
)

// openArgs are sse.open's and sse.openAsync's arguments: (url, [params], setup).
type openArgs struct {
	setup   sobek.Callable
	method  string
	body    string
	headers http.Header
	// Longest life of the stream; 0 = until the server, the script or the VU ends it.
	timeout time.Duration
	// Longest silence (no frame, no keep-alive) before an error event ends the stream; 0 = none.
	idleTimeout time.Duration
	tags        *metrics.TagsAndMeta
}

func parseArgs(fn string, state *lib.State, rt *sobek.Runtime, url string, args []sobek.Value) (*openArgs, error) {
	var paramsV, setupV sobek.Value
	switch len(args) {
	case 1:
		setupV = args[0]
	case 2:
		paramsV, setupV = args[0], args[1]
	default:
		return nil, fmt.Errorf("sse.%s(url, [params], setup) takes 2 or 3 arguments", fn)
	}
	setup, ok := sobek.AssertFunction(setupV)
	if !ok {
		return nil, fmt.Errorf("the last argument to sse.%s must be a function", fn)
	}

	tags := state.Tags.GetCurrentValues()
	parsed := &openArgs{setup: setup, method: http.MethodGet, headers: http.Header{}, tags: &tags}
	parsed.headers.Set("Accept", "text/event-stream")
	parsed.headers.Set("Cache-Control", "no-cache")
	if ua := state.Options.UserAgent; ua.Valid {
		parsed.headers.Set("User-Agent", ua.String)
	}
	if paramsV != nil && !sobek.IsUndefined(paramsV) && !sobek.IsNull(paramsV) {
		if err := parsed.applyParams(fn, rt, paramsV.ToObject(rt)); err != nil {
			return nil, err
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

func (a *openArgs) applyParams(fn string, rt *sobek.Runtime, params *sobek.Object) error {
	for _, key := range params.Keys() {
		value := params.Get(key)
		if sobek.IsUndefined(value) || sobek.IsNull(value) {
			continue
		}
		switch key {
		case "method":
			a.method = strings.ToUpper(strings.TrimSpace(value.String()))
		case "body":
			a.body = value.String()
		case "headers":
			headers := value.ToObject(rt)
			for _, name := range headers.Keys() {
				a.headers.Set(name, headers.Get(name).String())
			}
		case "tags":
			if err := common.ApplyCustomUserTags(rt, a.tags, value); err != nil {
				return fmt.Errorf("invalid sse.%s() tags: %w", fn, err)
			}
		case "timeout", "idleTimeout":
			d, err := types.GetDurationValue(value.Export())
			if err != nil {
				return fmt.Errorf("invalid sse.%s() %s: %w", fn, key, err)
			}
			if d < 0 {
				return fmt.Errorf("invalid sse.%s() %s: must not be negative", fn, key)
			}
			if key == "timeout" {
				a.timeout = d
			} else {
				a.idleTimeout = d
			}
		}
	}
	return nil
}
