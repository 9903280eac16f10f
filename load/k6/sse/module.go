// Package sse is the project's own k6/x/sse module. It exposes the API of
// github.com/phymbert/xk6-sse v0.1.12 (sse.open(url, params, setup) -> response; client.on/close;
// error handlers get an object whose error() is the message), which the Go module proxy reachable
// here does not serve, so scripts written for that API run on either binary. Additions, which
// xk6-sse ignores or lacks: params.timeout (a stream's longest life), params.idleTimeout (an error
// event when no frame or keep-alive came for that long) and sse.openAsync, which lets one VU hold
// many streams (its handlers run on the VU's event loop).
package sse

import (
	"github.com/grafana/sobek"
	"go.k6.io/k6/js/common"
	"go.k6.io/k6/js/modules"
	"go.k6.io/k6/metrics"
)

func init() {
	modules.Register("k6/x/sse", new(rootModule))
}

type rootModule struct{}

// sseMetrics are registered once per VU from the shared registry (same metric on every VU).
type sseMetrics struct {
	eventReceived *metrics.Metric
}

type moduleInstance struct {
	vu      modules.VU
	metrics *sseMetrics
	exports *sobek.Object
	// Streams opened with openAsync and not yet ended; touched only on the VU's event loop.
	async map[*stream]struct{}
}

var (
	_ modules.Module   = &rootModule{}
	_ modules.Instance = &moduleInstance{}
)

// NewModuleInstance is called once per VU that imports k6/x/sse.
func (*rootModule) NewModuleInstance(vu modules.VU) modules.Instance {
	registry := vu.InitEnv().Registry
	mi := &moduleInstance{
		vu: vu,
		metrics: &sseMetrics{
			// xk6-sse's metric name, so thresholds written for it keep working.
			eventReceived: registry.MustNewMetric("sse_event", metrics.Counter),
		},
		async: map[*stream]struct{}{},
	}
	rt := vu.Runtime()
	mi.exports = rt.NewObject()
	for name, fn := range map[string]any{"open": mi.open, "openAsync": mi.openAsync} {
		if err := mi.exports.Set(name, fn); err != nil {
			common.Throw(rt, err)
		}
	}
	return mi
}

// Exports makes `import sse from "k6/x/sse"` give the object with open() and openAsync().
func (mi *moduleInstance) Exports() modules.Exports {
	return modules.Exports{Default: mi.exports}
}
