// Package sse is the project's own k6/x/sse module. It exposes the synchronous API of
// github.com/phymbert/xk6-sse (sse.open(url, params, setup) -> response; client.on/close), which
// the Go module proxy reachable here does not serve, so the same scenario scripts run on either
// binary. One addition: params.timeout bounds a stream's lifetime (xk6-sse ignores the key).
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
	}
	rt := vu.Runtime()
	mi.exports = rt.NewObject()
	if err := mi.exports.Set("open", mi.open); err != nil {
		common.Throw(rt, err)
	}
	return mi
}

// Exports makes `import sse from "k6/x/sse"` give the object with open().
func (mi *moduleInstance) Exports() modules.Exports {
	return modules.Exports{Default: mi.exports}
}
