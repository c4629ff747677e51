package wire

import (
	"testing"
	"unicode/utf8"
)

// clientReaders are every reader of the package, the fixed ones included.
var clientReaders = Readers

// FuzzClientReaders feeds any bytes to every client reader: none may panic, each gives valid
// UTF-8 (what a TextDecoder hands a page), and each gives the same result twice, as a pure
// function of the stream must. The page's submit handler runs over each result too.
func FuzzClientReaders(f *testing.F) {
	f.Add([]byte(errorStream))
	for _, w := range Writers {
		f.Add(w.Stream([]string{"Hi.\n", "event: x\n"}))
		f.Add(w.Failure(Input{EOL: "\r\n"}))
	}
	f.Add([]byte("data: {\"error\":{\"message\":[1,\"\\u2028\",{\"a\":null}]}}\n\ndata: {\"choices\":{\"0\":{\"delta\":{\"content\":true}}}}\r\r"))
	for _, w := range GaWriters() {
		f.Add(w.Stream(SplitPinned(improvisation)))
		f.Add(w.Stream(Split743(improvisation)))
	}
	f.Add([]byte("data: {\"type\":\"routing\"}\r\n\r\ndata:x\ndata: y\n\n: c\ndata: {\"error\":[1e999,{}]}\n\ndata: [DONE]"))
	f.Add([]byte("\xef\xbb\xbfdata: \xff\xfe\n\ndata: {\"error\":\n\n\xe2\x82"))
	f.Add([]byte("data: {\"error\":null}\n\ndata: {\"error\":\"\\ud800\"}\n\ndata: {\"type\":\"routing\",\"type\":1}\n\n"))
	f.Fuzz(func(t *testing.T, stream []byte) {
		for _, r := range clientReaders {
			got, err := r.Read(stream)
			if err == nil && !utf8.ValidString(got) {
				t.Errorf("%s gave invalid UTF-8 %q", r.Name, got)
			}
			again, err2 := r.Read(stream)
			if got != again || (err == nil) != (err2 == nil) {
				t.Errorf("%s gave %q, %v then %q, %v", r.Name, got, err, again, err2)
			}
			view := AskOnPage(nil, "q", stream, r.Read)
			if err == nil && len(view.History) != 2 || err != nil && len(view.History) != 0 {
				t.Errorf("%s: the page kept %d turns after a read with error %v", r.Name, len(view.History), err)
			}
		}
		_ = Kind(string(stream))
	})
}
