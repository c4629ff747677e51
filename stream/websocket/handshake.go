package websocket

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// acceptGUID is the key suffix of RFC 6455 section 1.3, hashed with the client's key to prove
// the server understood the handshake.
const acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// AcceptKey is the Sec-WebSocket-Accept value a server answers key with (section 4.2.2).
func AcceptKey(key string) string {
	h := sha1.Sum([]byte(key + acceptGUID))
	return base64.StdEncoding.EncodeToString(h[:])
}

// DialOptions say how Dial opens a connection.
type DialOptions struct {
	Options
	// Header is added to the opening handshake's request (an Origin, a cookie, a bearer token).
	Header http.Header
	// Subprotocols are offered in Sec-WebSocket-Protocol, in order of preference.
	Subprotocols []string
	// TLSConfig is used for wss:// URLs; nil means the default, with the URL's host as server name.
	TLSConfig *tls.Config
}

// Dial opens a WebSocket connection to a ws:// or wss:// URL (http:// and https:// are taken to
// mean the same), doing the opening handshake of section 4.1. ctx bounds the dial and the
// handshake, not the connection's life.
func Dial(ctx context.Context, rawURL string, opts DialOptions) (*Conn, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("websocket: dial: %w", err)
	}
	secure := false
	switch u.Scheme {
	case "ws", "http":
	case "wss", "https":
		secure = true
	default:
		return nil, fmt.Errorf("websocket: dial %s: scheme %q is not ws or wss", rawURL, u.Scheme)
	}
	host := u.Host
	if u.Port() == "" {
		port := "80"
		if secure {
			port = "443"
		}
		host = net.JoinHostPort(u.Hostname(), port)
	}
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return nil, fmt.Errorf("websocket: %w", err)
	}
	if secure {
		cfg := opts.TLSConfig.Clone()
		if cfg == nil {
			cfg = &tls.Config{}
		}
		if cfg.ServerName == "" {
			cfg.ServerName = u.Hostname()
		}
		tc := tls.Client(nc, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			_ = nc.Close()
			return nil, fmt.Errorf("websocket: tls handshake with %s: %w", host, err)
		}
		nc = tc
	}
	c, err := clientHandshake(ctx, nc, u, opts)
	if err != nil {
		_ = nc.Close()
		return nil, err
	}
	return c, nil
}

func clientHandshake(ctx context.Context, nc net.Conn, u *url.URL, opts DialOptions) (*Conn, error) {
	stopW := watch(ctx, nc.SetWriteDeadline)
	stopR := watch(ctx, nc.SetReadDeadline)
	defer func() {
		stopW()
		stopR()
	}()
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	key := base64.StdEncoding.EncodeToString(raw[:])

	req := &http.Request{
		Method:     http.MethodGet,
		URL:        &url.URL{Path: u.Path, RawPath: u.RawPath, RawQuery: u.RawQuery},
		Proto:      "HTTP/1.1",
		ProtoMajor: 1,
		ProtoMinor: 1,
		Header:     make(http.Header),
		Host:       u.Host,
	}
	if req.URL.Path == "" {
		req.URL.Path = "/"
	}
	for k, vs := range opts.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Sec-WebSocket-Key", key)
	req.Header.Set("Sec-WebSocket-Version", "13")
	if len(opts.Subprotocols) > 0 {
		req.Header.Set("Sec-WebSocket-Protocol", strings.Join(opts.Subprotocols, ", "))
	}
	bw := bufio.NewWriter(nc)
	if err := req.Write(bw); err != nil {
		return nil, handshakeErr(ctx, "write request", err)
	}
	if err := bw.Flush(); err != nil {
		return nil, handshakeErr(ctx, "write request", err)
	}
	br := bufio.NewReaderSize(nc, 4096)
	resp, err := http.ReadResponse(br, req)
	if err != nil {
		return nil, handshakeErr(ctx, "read response", err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		// The body's first line often says why; a refused upgrade gets one line, not a page.
		line, _ := bufio.NewReader(io.LimitReader(resp.Body, 200)).ReadString('\n')
		_ = resp.Body.Close()
		return nil, &UpgradeError{Proto: resp.Proto, Status: resp.StatusCode, StatusText: resp.Status, Body: strings.TrimSpace(line)}
	}
	switch {
	case !strings.EqualFold(resp.Header.Get("Upgrade"), "websocket"):
		return nil, fmt.Errorf("websocket: handshake: response Upgrade is %q, not websocket", resp.Header.Get("Upgrade"))
	case !hasToken(resp.Header, "Connection", "upgrade"):
		return nil, fmt.Errorf("websocket: handshake: response Connection %q lacks upgrade", resp.Header.Get("Connection"))
	case resp.Header.Get("Sec-WebSocket-Accept") != AcceptKey(key):
		return nil, fmt.Errorf("websocket: handshake: Sec-WebSocket-Accept %q does not answer the key", resp.Header.Get("Sec-WebSocket-Accept"))
	case resp.Header.Get("Sec-WebSocket-Extensions") != "":
		// Section 4.1: an extension the client did not ask for fails the connection.
		return nil, fmt.Errorf("websocket: handshake: server chose extensions %q that were not offered", resp.Header.Get("Sec-WebSocket-Extensions"))
	}
	proto := resp.Header.Get("Sec-WebSocket-Protocol")
	if proto != "" && !contains(opts.Subprotocols, proto) {
		return nil, fmt.Errorf("websocket: handshake: server chose subprotocol %q that was not offered", proto)
	}
	c := newConn(nc, br, true, opts.Options)
	c.subprotocol = proto
	return c, nil
}

// UpgradeError is an opening handshake the server answered with another status than 101, so a
// caller can show the status and the body's first line as an HTTP client would.
type UpgradeError struct {
	Proto      string // the status line's protocol, e.g. "HTTP/1.1"
	Status     int    // the status code, e.g. 404
	StatusText string // the code and its reason phrase, e.g. "404 Not Found"
	Body       string // the body's first line, trimmed; "" when there is none
}

// Error says the upgrade was refused, with the status and the body's first line.
func (e *UpgradeError) Error() string {
	msg := "websocket: upgrade refused: HTTP " + e.StatusText
	if e.Body != "" {
		msg += ": " + e.Body
	}
	return msg
}

func handshakeErr(ctx context.Context, what string, err error) error {
	if ctx.Err() != nil {
		err = ctx.Err()
	}
	return fmt.Errorf("websocket: handshake: %s: %w", what, err)
}

// hasToken says whether a comma-separated header holds token, case-insensitively.
func hasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// AcceptOptions say how Accept answers a handshake.
type AcceptOptions struct {
	Options
	// Subprotocols are those the server speaks, in its order of preference.
	Subprotocols []string
}

// Accept answers a client's opening handshake (section 4.2) with the default options and takes
// the connection over from the HTTP server.
func Accept(w http.ResponseWriter, r *http.Request) (*Conn, error) {
	return AcceptWith(w, r, AcceptOptions{})
}

// AcceptWith is Accept with options. When the request is not a valid upgrade it answers with
// an HTTP error and returns an error saying why.
func AcceptWith(w http.ResponseWriter, r *http.Request, opts AcceptOptions) (*Conn, error) {
	refuse := func(status int, format string, args ...any) (*Conn, error) {
		msg := fmt.Sprintf(format, args...)
		http.Error(w, msg, status)
		return nil, fmt.Errorf("websocket: accept: %s", msg)
	}
	switch {
	case r.Method != http.MethodGet:
		return refuse(http.StatusMethodNotAllowed, "method %s, not GET", r.Method)
	case !hasToken(r.Header, "Connection", "upgrade"):
		return refuse(http.StatusBadRequest, "no Connection: Upgrade")
	case !hasToken(r.Header, "Upgrade", "websocket"):
		return refuse(http.StatusBadRequest, "no Upgrade: websocket")
	case r.Header.Get("Sec-WebSocket-Version") != "13":
		w.Header().Set("Sec-WebSocket-Version", "13")
		return refuse(http.StatusUpgradeRequired, "Sec-WebSocket-Version %q, not 13", r.Header.Get("Sec-WebSocket-Version"))
	}
	key := r.Header.Get("Sec-WebSocket-Key")
	if raw, err := base64.StdEncoding.DecodeString(key); err != nil || len(raw) != 16 {
		return refuse(http.StatusBadRequest, "Sec-WebSocket-Key %q is not 16 bytes in base64", key)
	}
	proto := ""
	for _, p := range opts.Subprotocols {
		if hasToken(r.Header, "Sec-WebSocket-Protocol", p) {
			proto = p
			break
		}
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		return refuse(http.StatusInternalServerError, "the response cannot be hijacked")
	}
	nc, brw, err := hj.Hijack()
	if err != nil {
		return nil, fmt.Errorf("websocket: accept: hijack: %w", err)
	}
	// The HTTP server's deadlines, if any, were for the request, not the connection.
	_ = nc.SetDeadline(time.Time{})
	resp := "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Accept: " + AcceptKey(key) + "\r\n"
	if proto != "" {
		resp += "Sec-WebSocket-Protocol: " + proto + "\r\n"
	}
	resp += "\r\n"
	if _, err := nc.Write([]byte(resp)); err != nil {
		_ = nc.Close()
		return nil, fmt.Errorf("websocket: accept: write response: %w", err)
	}
	// The HTTP server may have read the first frames with the request: they are in brw.Reader.
	c := newConn(nc, brw.Reader, false, opts.Options)
	c.subprotocol = proto
	return c, nil
}
