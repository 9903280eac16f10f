package sse

import (
	"context"
	"sync/atomic"

	"github.com/grafana/sobek"
)

// Client is the object the setup function receives: client.on(name, fn) and client.close().
type Client struct {
	rt       *sobek.Runtime
	handlers map[string][]sobek.Callable
	cancel   context.CancelFunc
	// Set by the script (on the VU's goroutine), read by the stream's reader goroutine.
	closed atomic.Bool
}

// Event is one frame. A keep-alive (a `:` comment line) arrives as an event with only comment set.
type Event struct {
	ID      string `js:"id"`
	Name    string `js:"name"`
	Data    string `js:"data"`
	Comment string `js:"comment"`
}

// On registers a handler for "open", "event" or "error".
func (c *Client) On(name string, handler sobek.Value) {
	if fn, ok := sobek.AssertFunction(handler); ok {
		c.handlers[name] = append(c.handlers[name], fn)
	}
}

// Close ends the stream; sse.open returns (sse.openAsync's promise resolves) once the reader stopped.
func (c *Client) Close() {
	c.closed.Store(true)
	c.cancel()
}

// emit calls the handlers of one kind in order, stopping at the first exception. It must run on
// the VU's goroutine (or event loop): arg becomes a JS value here, not on a reader goroutine.
func (c *Client) emit(name string, arg any) error {
	if c.closed.Load() && name == "event" {
		return nil // frames already in flight when the script closed the stream are dropped
	}
	var args []sobek.Value
	if arg != nil {
		args = []sobek.Value{c.rt.ToValue(arg)}
	}
	for _, fn := range c.handlers[name] {
		if _, err := fn(sobek.Undefined(), args...); err != nil {
			return &handlerError{err: err}
		}
	}
	return nil
}

// handlerError is a script handler's exception: it ends the stream and becomes the script's error.
type handlerError struct{ err error }

func (e *handlerError) Error() string { return e.err.Error() }
func (e *handlerError) Unwrap() error { return e.err }
