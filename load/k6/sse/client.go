package sse

import (
	"context"

	"github.com/grafana/sobek"
)

// Client is the object the setup function receives: client.on(name, fn) and client.close().
type Client struct {
	rt       *sobek.Runtime
	handlers map[string][]sobek.Callable
	cancel   context.CancelFunc
	closed   bool
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

// Close ends the stream; sse.open returns once the reader has stopped.
func (c *Client) Close() {
	c.closed = true
	c.cancel()
}

// emit calls the handlers of one kind in order, stopping at the first exception.
func (c *Client) emit(name string, args ...sobek.Value) error {
	if c.closed && name == "event" {
		return nil // frames already in flight when the script closed the stream are dropped
	}
	for _, fn := range c.handlers[name] {
		if _, err := fn(sobek.Undefined(), args...); err != nil {
			return err
		}
	}
	return nil
}
