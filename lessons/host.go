package lessons

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"course/gahost"
	"course/hostproc"
)

// defaultTimeout bounds a whole lesson run: generous for a slow machine, short enough to notice a hang.
const defaultTimeout = 30 * time.Second

// HostOptions says which chatbot host a lesson starts and how.
type HostOptions struct {
	// Cmd is a command line that starts another host, such as the real GaChatbot.Api; "" starts
	// the course's own stand-in (`course host`).
	Cmd string
	// ModelURL is a model server for the host; "" gives the host a closed port, as the lessons do.
	ModelURL string
	// Timeout bounds the lesson, host start-up included; 0 means defaultTimeout.
	Timeout time.Duration
	// Env is extra configuration for the host, KEY=VALUE, as ASP.NET reads it.
	Env []string
	// AllowRemote lets the lesson talk to a host that announces an address off this machine;
	// without it such a host is refused before anything is sent to it.
	AllowRemote bool
}

func (o *HostOptions) addFlags(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.Cmd, "host-cmd", "", "start `CMD` as the host instead of the course's own stand-in\n(for instance \"dotnet run --project Apps/GaChatbot.Api\" in a GA clone)")
	cmd.Flags().StringVar(&o.ModelURL, "model-url", "", "give the host the model server at `URL` (Ollama's API) instead of a closed port")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", defaultTimeout, "give up when the lesson takes longer than this")
	cmd.Flags().BoolVar(&o.AllowRemote, "allow-remote-host", false, "talk to a host that announces an address off this machine (loopback only by default)")
}

func (o *HostOptions) timeout() time.Duration {
	if o.Timeout <= 0 {
		return defaultTimeout
	}
	return o.Timeout
}

// start launches the host as a child process and waits until it listens.
func (o *HostOptions) start(ctx context.Context) (*hostproc.Host, error) {
	var command []string
	if o.Cmd != "" {
		words, err := hostproc.SplitCommand(o.Cmd)
		if err != nil {
			return nil, fmt.Errorf("--host-cmd: %w", err)
		}
		command = words
	} else {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("find the course binary: %w", err)
		}
		command = []string{exe, "host"}
	}
	host, err := hostproc.Start(ctx, hostproc.Spec{Command: command, Env: o.Env, ModelURL: o.ModelURL, AllowRemote: o.AllowRemote})
	if errors.Is(err, hostproc.ErrRemoteHost) {
		return nil, fmt.Errorf("start host: %w\n(pass --allow-remote-host to let the lesson talk to it)", err)
	}
	if err != nil {
		return nil, fmt.Errorf("start host: %w", err)
	}
	return host, nil
}

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
  Course__Splitter                  pinned (SseChunker at a826864) or 743 (after GA's #743)`,
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
