package hostproc

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrRemoteHost is the error, wrapped, when a host announces an address off this machine, or a
// request goes to one, and Spec.AllowRemote is not set: a lesson talks to its host over loopback.
var ErrRemoteHost = errors.New("not on this machine; a lesson talks to its host over loopback only")

// errClientClosed is a dial's error once Stop has closed the client's connections.
var errClientClosed = errors.New("hostproc: the host is stopping")

// dialer opens the client's connections to the host: loopback only unless allowed otherwise,
// and each one remembered, so Stop can close them all before it asks the host to stop. A host's
// graceful shutdown waits for open connections, and a connection the client opened but never
// used (a request cancelled while it dialled leaves one) would hold it up to its timeout.
type dialer struct {
	allowRemote bool

	mu     sync.Mutex
	conns  map[net.Conn]struct{} // guarded by mu
	closed bool                  // guarded by mu
}

func newDialer(allowRemote bool) *dialer {
	return &dialer{allowRemote: allowRemote, conns: map[net.Conn]struct{}{}}
}

// client returns an HTTP client that dials through d and keeps bodies as sent.
func (d *dialer) client() *http.Client {
	return &http.Client{Transport: &http.Transport{
		Proxy:               nil,
		DialContext:         d.dial,
		DisableCompression:  true, // keep Content-Encoding'd bodies as sent
		MaxIdleConnsPerHost: 4,
	}}
}

func (d *dialer) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	nd := net.Dialer{Timeout: 5 * time.Second, Control: d.control}
	c, err := nd.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		c.Close()
		return nil, errClientClosed
	}
	d.conns[c] = struct{}{}
	return &trackedConn{Conn: c, d: d}, nil
}

// control refuses, before it connects, an address off this machine.
func (d *dialer) control(_, address string, _ syscall.RawConn) error {
	if d.allowRemote {
		return nil
	}
	host, _, err := net.SplitHostPort(address)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("connect to %s: %w", address, ErrRemoteHost)
	}
	return nil
}

// closeAll closes every connection of the client and refuses new ones.
func (d *dialer) closeAll() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	for c := range d.conns {
		c.Close()
	}
	clear(d.conns)
}

// trackedConn forgets itself in its dialer when closed.
type trackedConn struct {
	net.Conn
	d *dialer
}

func (c *trackedConn) Close() error {
	c.d.mu.Lock()
	delete(c.d.conns, c.Conn)
	c.d.mu.Unlock()
	return c.Conn.Close()
}

// checkURL returns the base URL the client uses for an announced address: an http://host:port
// address on this machine. A host bound to every interface announces the unspecified address
// (Kestrel shows http://[::]:PORT); the client talks to it on loopback. An address off this
// machine is refused unless allowRemote.
func checkURL(s string, allowRemote bool) (string, error) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return "", fmt.Errorf("host announced %q, which is not an http://host:port address", s)
	}
	name := u.Hostname()
	ip := net.ParseIP(name)
	switch {
	case ip != nil && ip.IsLoopback(), strings.EqualFold(name, "localhost"):
	case ip != nil && ip.IsUnspecified():
		loop := "127.0.0.1"
		if ip.To4() == nil {
			loop = "::1"
		}
		u.Host = net.JoinHostPort(loop, u.Port())
		if u.Port() == "" {
			u.Host = loop
			if ip.To4() == nil {
				u.Host = "[::1]"
			}
		}
	case !allowRemote:
		return "", fmt.Errorf("host announced %q, which is %w", s, ErrRemoteHost)
	}
	return u.String(), nil
}
