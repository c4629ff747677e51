package host

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"course/gahost"
	"course/hostproc"
	"course/internal/report"
	"course/internal/verbose"
)

// NewCmdHost builds `course host`, which serves the stand-in for GaChatbot.Api until it is
// interrupted. Its arguments are ASP.NET's: --urls URL, --Ollama:BaseUrl=URL and the like.
func NewCmdHost() *cobra.Command {
	return &cobra.Command{
		Use:   "host [--urls URL] [--Section:Key=value]...",
		Short: "Serve the course's stand-in for GaChatbot.Api (GA at a826864)",
		Long: `Serve the course's stand-in for GA's GaChatbot.Api at commit a826864.

Configuration is read as ASP.NET reads it, from the environment or the command line:
  ASPNETCORE_URLS or --urls         where to listen (default http://127.0.0.1:5252)
  Ollama__BaseUrl, Ollama__Endpoint the model server (Ollama's API)
  Chatbot__Mode, Chatbot__PathBase  the chat service and the path base
  VoicingSearch__OpticIndexPath     an OPTK index file instead of the course's (lesson 3's)
  Course__NewLine                   lf, or crlf to build answers as GA does on Windows
  Course__Splitter                  pinned (SseChunker at a826864) or 743 (after GA's #743)
  Course__Clock                     system, or fixed for durations of 0 ms (the lessons' host)
  Course__Ga                        pin (GA at a826864), or main for GaChatbot.Api as on GA's main

The host runs without a model server, as the lessons do, so GA logs a warning and a stack
trace for every call to the closed model port. On a terminal those records are folded into
one line; --verbose (or a stderr that is a file or a pipe) shows GA's whole log.`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, a := range args {
				if a == "-h" || a == "--help" {
					return cmd.Help()
				}
			}
			wantVerbose := slices.Contains(args, "--verbose")
			args = slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "--verbose" })
			if wantVerbose {
				// The flags are the host's own here, so the course's --verbose is set by hand.
				_ = verbose.Flag{}.Set("true")
			}
			warnIfReachable(cmd.ErrOrStderr(), args)
			stderr := cmd.ErrOrStderr()
			if f, ok := stderr.(*os.File); ok && !wantVerbose && report.IsTerminal(f) {
				stderr = &refusedModelFolder{w: stderr}
			}
			// A host a lesson started ends with its course even if its supervisor is killed; a
			// host a user started watches nothing (see WatchParent).
			return gahost.Run(hostproc.WatchParent(cmd.Context()), args, cmd.OutOrStdout(), stderr)
		},
	}
}

// refusedModelFolder writes GA's log records as they are, except those of a call to the closed
// model port, which it folds into one line the first time one comes. The host's logger writes
// each record with one Write, so a Write is a whole record.
type refusedModelFolder struct {
	mu   sync.Mutex
	w    io.Writer
	said bool
}

// refusedMark is what every record of a call to the closed model port holds, before the address.
const refusedMark = "Connection refused ("

func (f *refusedModelFolder) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	i := bytes.Index(p, []byte(refusedMark))
	if i < 0 {
		return f.w.Write(p)
	}
	if !f.said {
		f.said = true
		addr, _, _ := bytes.Cut(p[i+len(refusedMark):], []byte(")"))
		if _, err := fmt.Fprintf(f.w, "course host: no model server answers at %s, as the course intends: GA logs each call to it with a stack trace, which --verbose shows\n", addr); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// warnIfReachable warns on w when the host's listen addresses (from args and the environment, as
// the host reads them) include every interface, which puts it on the network.
func warnIfReachable(w io.Writer, args []string) {
	cfg, err := gahost.ApplyArgs(gahost.ConfigFromEnv(os.Getenv), args)
	if err != nil {
		return // the host reports it
	}
	for raw := range strings.SplitSeq(cfg.URLs, ";") {
		if everyInterface(strings.TrimSpace(raw)) {
			fmt.Fprintf(w, "course host: warning: %s listens on every network interface, so other machines can reach the host; use http://127.0.0.1:PORT to keep it on this one\n", strings.TrimSpace(raw))
		}
	}
}

// everyInterface reports whether an ASP.NET listen URL binds every interface: an empty host,
// the wildcards * and +, or an unspecified address (0.0.0.0, [::]).
func everyInterface(raw string) bool {
	_, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return false
	}
	hostPort, _, _ := strings.Cut(rest, "/")
	host := hostPort
	if h, _, err := net.SplitHostPort(hostPort); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "" || host == "*" || host == "+" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsUnspecified()
}
