package sse

import (
	"errors"

	"github.com/grafana/sobek"
	"github.com/mstoykov/k6-taskqueue-lib/taskqueue"
)

// openAsync opens a stream without blocking the VU and answers a promise of the same response
// sse.open returns, settled when the stream ends. One VU can hold many streams this way.
//
// Handlers run on the VU's event loop, never on a reader goroutine: every frame is a task queued
// through a taskqueue (the helper k6's own websockets and gRPC streams use), which holds one
// registered callback (vu.RegisterCallback) at a time, so the iteration stays alive until the
// stream has ended. The reader waits for each task to run before reading on: a slow script slows
// its streams (TCP back-pressure) instead of buffering frames without bound.
//
// A handler's exception aborts the iteration (k6's rule for event-loop callbacks); every stream
// this VU opened with openAsync is then closed, so the aborted iteration does not wait for them.
func (mi *moduleInstance) openAsync(url string, args ...sobek.Value) (*sobek.Promise, error) {
	s, err := mi.newStream("openAsync", url, args)
	if err != nil {
		return nil, err
	}
	rt := mi.vu.Runtime()
	promise, resolve, reject := rt.NewPromise()
	queue := taskqueue.New(mi.vu.RegisterCallback)
	mi.async[s] = struct{}{}
	go func() {
		res, err := s.run(s.deliverOn(queue))
		queue.Queue(func() error {
			delete(mi.async, s)
			var thrown *handlerError
			switch {
			case errors.As(err, &thrown):
				return nil // the iteration was aborted by the exception itself
			case err != nil:
				return reject(err) // a connection error, with throw enabled
			default:
				return resolve(res)
			}
		})
		queue.Close()
	}()
	return promise, nil
}

// deliverOn runs handlers as tasks on the VU's event loop and waits until each has run.
func (s *stream) deliverOn(queue *taskqueue.TaskQueue) deliverFunc {
	return func(name string, arg any) error {
		done := make(chan error, 1)
		queue.Queue(func() error {
			err := s.client.emit(name, arg)
			if err != nil {
				s.mi.closeAsync()
			}
			done <- err
			return err
		})
		select {
		case err := <-done:
			return err
		case <-s.vuCtx.Done():
			return nil // the VU is stopping: its event loop may never run the task
		}
	}
}

// closeAsync closes every stream the VU holds through openAsync. Runs on the event loop.
func (mi *moduleInstance) closeAsync() {
	for s := range mi.async {
		s.client.Close()
	}
}
