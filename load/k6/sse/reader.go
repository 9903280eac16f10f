package sse

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxFrameBytes bounds one line and one frame: a server that never sends a line end (or a
// blank line) would otherwise grow the reader's memory without bound.
const maxFrameBytes = 1 << 20

// errTooLarge ends a stream whose line or frame passed maxFrameBytes; the script gets an error event.
var errTooLarge = errors.New("sse: frame too large")

// readEvents parses text/event-stream (WHATWG HTML, "Server-sent events") into frames and sends
// each one when its blank line arrives. It returns the error that ended the stream.
func readEvents(ctx context.Context, body io.Reader, out chan<- Event, limit int) error {
	reader := bufio.NewReaderSize(body, 64<<10)
	var ev Event
	var data strings.Builder
	hasData, pending, size := false, false, 0
	for {
		line, err := readLine(reader, limit)
		if err != nil {
			return err // a partial last line without its blank line is not a frame
		}
		if line == "" {
			if pending {
				ev.Data = data.String()
				select {
				case out <- ev:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			ev, hasData, pending, size = Event{}, false, false, 0
			data.Reset()
			continue
		}
		if size += len(line); size > limit {
			return fmt.Errorf("%w: a frame of more than %d bytes", errTooLarge, limit)
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

// readLine answers one line without its LF or CRLF, refusing one longer than limit bytes.
func readLine(reader *bufio.Reader, limit int) (string, error) {
	var line []byte
	for {
		chunk, err := reader.ReadSlice('\n')
		if len(line)+len(chunk) > limit+len("\r\n") {
			return "", fmt.Errorf("%w: a line of more than %d bytes", errTooLarge, limit)
		}
		line = append(line, chunk...)
		switch {
		case err == nil:
			return strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue // a line longer than the buffer: keep reading it
		default:
			return "", err
		}
	}
}
