package sse

import (
	"time"

	"go.k6.io/k6/metrics"
)

// pushEvent counts one data frame into sse_event (keep-alives are not events, as in xk6-sse).
func (s *stream) pushEvent() {
	tags := s.args.tags
	metrics.PushIfNotDone(s.vuCtx, s.state.Samples, metrics.Sample{
		TimeSeries: metrics.TimeSeries{Metric: s.mi.metrics.eventReceived, Tags: tags.Tags},
		Time:       time.Now(), Metadata: tags.Metadata, Value: 1,
	})
}

// pushEnd records the request once the stream is over. It uses the VU's context, not the
// stream's: that one has ended by now (timeout, close) and would drop the samples.
func (s *stream) pushEnd(started, headersAt, ended time.Time, failed bool) {
	b := s.state.BuiltinMetrics
	tags := s.args.tags
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
	metrics.PushIfNotDone(s.vuCtx, s.state.Samples, metrics.ConnectedSamples{
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
