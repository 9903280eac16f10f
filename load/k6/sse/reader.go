package sse

import (
	"bufio"
	"context"
	"io"
	"strings"
)

// readEvents parses text/event-stream (WHATWG HTML, "Server-sent events") into frames and sends
// each one when its blank line arrives. It returns the read error that ended the stream.
func readEvents(ctx context.Context, body io.Reader, out chan<- Event) error {
	reader := bufio.NewReaderSize(body, 64<<10)
	var ev Event
	var data strings.Builder
	hasData, pending := false, false
	for {
		raw, err := reader.ReadString('\n')
		if err != nil {
			return err // a partial last line without its blank line is not a frame
		}
		line := strings.TrimSuffix(strings.TrimSuffix(raw, "\n"), "\r")
		if line == "" {
			if pending {
				ev.Data = data.String()
				select {
				case out <- ev:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			ev, hasData, pending = Event{}, false, false
			data.Reset()
			continue
		}
		pending = true
		field, value, found := strings.Cut(line, ":")
		if found {
			value = strings.TrimPrefix(value, " ")
		}
		switch field {
		case "": // a comment line: the spec's keep-alive
			ev.Comment = value
		case "event":
			ev.Name = value
		case "id":
			ev.ID = value
		case "data":
			if hasData {
				data.WriteByte('\n')
			}
			data.WriteString(value)
			hasData = true
		default: // retry and unknown fields are ignored, as an EventSource does
		}
	}
}
