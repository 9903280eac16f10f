package sse

import (
	"errors"

	"github.com/grafana/sobek"
)

// open blocks the VU while the stream is open, like xk6-sse and k6/ws: handlers run on this
// goroutine only, so scripts need no locking. A handler's exception becomes the script's.
func (mi *moduleInstance) open(url string, args ...sobek.Value) (*Response, error) {
	s, err := mi.newStream("open", url, args)
	if err != nil {
		return nil, err
	}
	res, err := s.run(s.client.emit)
	var thrown *handlerError
	if errors.As(err, &thrown) {
		return nil, thrown.err
	}
	return res, err
}
