package sse

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// follow hands each frame to deliver until the stream ends: the server closes it, the script
// closes it, the timeout passes, the idle timeout passes, a frame is too large or the VU stops.
// It answers only a handler's exception.
func (s *stream) follow(body io.Reader, deliver deliverFunc) error {
	frames := make(chan Event)
	readErr := make(chan error, 1)
	go func() { readErr <- readEvents(s.ctx, body, frames, maxFrameBytes) }()
	stop := func() {
		s.cancel()
		<-readErr // the reader returns once the context ends the body read
	}

	var idle <-chan time.Time
	resetIdle := func() {}
	if s.args.idleTimeout > 0 {
		timer := time.NewTimer(s.args.idleTimeout)
		defer timer.Stop()
		idle = timer.C
		// Any frame, keep-alives included, proves the stream alive.
		resetIdle = func() { timer.Reset(s.args.idleTimeout) }
	}

	for {
		select {
		case ev := <-frames:
			resetIdle()
			if ev.Name != "" || ev.Data != "" {
				s.pushEvent()
			}
			if err := deliver("event", ev); err != nil {
				stop()
				return err
			}
		case err := <-readErr:
			if problem := s.endProblem(err); problem != nil {
				return deliver("error", errorEvent(problem))
			}
			return nil
		case <-idle:
			stop()
			return deliver("error", errorEvent(fmt.Errorf("no frame or keep-alive for %s (idleTimeout)", s.args.idleTimeout)))
		}
	}
}

// endProblem says what the script is told when the reader stopped, or nil for a normal end:
// the server closed the stream, the script closed it, or the VU is stopping.
func (s *stream) endProblem(readErr error) error {
	switch {
	case errors.Is(readErr, errTooLarge):
		return readErr
	case readErr == nil || errors.Is(readErr, io.EOF) || s.client.closed.Load():
		return nil
	case errors.Is(s.ctx.Err(), context.DeadlineExceeded) && s.vuCtx.Err() == nil:
		return errors.New("stream timeout reached")
	case s.ctx.Err() != nil:
		return nil
	default:
		return readErr
	}
}
