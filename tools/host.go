package tools

import (
	"fmt"
	"io"
	"net"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"course/gahost"
	"course/hostproc"
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
  VoicingSearch__OpticIndexPath     a voicing index file instead of the built-in one
  Course__NewLine                   lf, or crlf to build answers as GA does on Windows
  Course__Splitter                  pinned (SseChunker at a826864) or 743 (after GA's #743)
  Course__Clock                     system, or fixed for durations of 0 ms (the lessons' host)
  Course__Ga                        pin (GA at a826864), or main for GaChatbot.Api as on GA's main`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, a := range args {
				if a == "-h" || a == "--help" {
					return cmd.Help()
				}
			}
			warnIfReachable(cmd.ErrOrStderr(), args)
			// A host a lesson started ends with its course even if its supervisor is killed; a
			// host a user started watches nothing (see WatchParent).
			return gahost.Run(hostproc.WatchParent(cmd.Context()), args, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
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
