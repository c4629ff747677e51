package l6

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"course/internal/testutil"
	"course/lessons/kit/chathost"
)

// socketInodes returns the inodes of the sockets process pid holds open.
func socketInodes(pid int) map[string]bool {
	inodes := map[string]bool{}
	fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	for _, fd := range fds {
		link, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if err == nil && strings.HasPrefix(link, "socket:[") {
			inodes[strings.TrimSuffix(strings.TrimPrefix(link, "socket:["), "]")] = true
		}
	}
	return inodes
}

// listening returns the local addresses of the TCP sockets the given processes hold that
// listen. A socket that is only bound, such as the closed model port, is in no table; its
// descriptor is what socketInodes counts.
func listening(t *testing.T, pids ...int) []string {
	t.Helper()
	inodes := map[string]bool{}
	for _, pid := range pids {
		for in := range socketInodes(pid) {
			inodes[in] = true
		}
	}
	var found []string
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(table)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			// sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
			fields := strings.Fields(sc.Text())
			if len(fields) > 9 && fields[3] == "0A" && inodes[fields[9]] {
				found = append(found, fields[1])
			}
		}
		f.Close()
	}
	return found
}

// TestNothingOutlivesTheLesson runs lesson 6 and checks that afterwards the course has no child
// process, no listening socket and no more sockets than before; first it checks, on a running
// host, that the same probes do see the child, its listener and the closed port.
func TestNothingOutlivesTheLesson(t *testing.T) {
	if testing.Short() {
		t.Skip("starts hosts; skipped with -short")
	}
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("reads processes and sockets from /proc, which this system lacks")
	}
	self := os.Getpid()
	sockets := len(socketInodes(self))

	h, err := (&chathost.Options{}).Start(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	kids := testutil.Descendants(t)
	listeners, held := listening(t, append(kids, self)...), len(socketInodes(self))
	if err := h.Stop(); err != nil {
		t.Fatal(err)
	}
	if len(kids) == 0 || len(listeners) == 0 || held <= sockets {
		t.Fatalf("the probes miss a running host: children %v, listeners %v, %d sockets (%d before)", kids, listeners, held, sockets)
	}

	if _, err := testutil.Run(t, NewCmd(nil), "l6"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		kids, listeners, held := testutil.Descendants(t), listening(t, self), len(socketInodes(self))
		if len(kids) == 0 && len(listeners) == 0 && held <= sockets {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the lesson: children %v, listeners %v, %d sockets (%d before)", kids, listeners, held, sockets)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
