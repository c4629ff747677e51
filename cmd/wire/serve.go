package wire

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"course/internal/cmdutil"
	"course/internal/report"
	"course/stream/wire"
	"course/stream/wire/transport"
)

// ServeOptions is what `course wire serve` needs.
type ServeOptions struct {
	// In is the answer the writer streams.
	In io.Reader
	// Transport is the transport's name: websocket or signalr.
	Transport string
	// Writer is the key of the writer, among its transport's.
	Writer string
	// Split is how the answer is cut into chunks, as for `course matrix`.
	Split string
	// Error serves the writer's failure instead of the answer.
	Error bool
	// Addr is where to listen; its port 0 picks a free one.
	Addr string
}

// socketTransports are the transports `course wire serve` serves: the ones a probe or a client
// reaches over a socket, where the matrix's writers are servers rather than byte streams.
var socketTransports = []string{transport.WebSocket.String(), transport.SignalR.String()}

func newCmdWireServe(runF func(context.Context, *ServeOptions, io.Writer) error) *cobra.Command {
	opts := &ServeOptions{}
	cmd := &cobra.Command{
		Use:   "serve --transport websocket|signalr --writer W",
		Short: "Serve standard input as WebSocket or SignalR writer W streams it, until stopped",
		Long: `Serves the answer on standard input as one WebSocket or SignalR writer of "course matrix"
streams it, on loopback, until Ctrl-C: a server to point "course probe" or your own client at.

  course wire serve --transport signalr --writer split < answer.txt
  course probe --transport signalr http://127.0.0.1:8082/hubs/ai --hub-method StreamAsync

WebSocket writers: ` + strings.Join(transport.WriterKeys(transport.WebSocket), ", ") + `.
SignalR writers: ` + strings.Join(transport.WriterKeys(transport.SignalR), ", ") + `.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.In = cmd.InOrStdin()
			if f, ok := opts.In.(*os.File); ok && report.IsTerminal(f) {
				fmt.Fprintln(cmd.ErrOrStderr(), "course wire serve reads the answer from standard input: type or paste it, then press Ctrl-D at the start of a line.")
			}
			if runF != nil {
				return runF(cmd.Context(), opts, cmd.OutOrStdout())
			}
			return runServe(cmd.Context(), opts, cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Transport, "transport", "", "the transport: "+strings.Join(socketTransports, " or "))
	f.StringVar(&opts.Writer, "writer", "", "the writer, by key among its transport's (see above)")
	f.StringVar(&opts.Split, "split", "743", "cut the text into chunks by #743's expression (743), SseChunker at a826864 (pinned), or not at all (none)")
	f.BoolVar(&opts.Error, "error", false, "serve the writer's failure instead of the answer")
	f.StringVar(&opts.Addr, "addr", "127.0.0.1:8082", "where to listen (port 0 picks a free one)")
	_ = cmd.MarkFlagRequired("transport")
	_ = cmd.MarkFlagRequired("writer")
	_ = cmd.RegisterFlagCompletionFunc("transport", cmdutil.CompleteOne(func() []string { return socketTransports }))
	_ = cmd.RegisterFlagCompletionFunc("writer", func(cmd *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		kinds, err := transport.KindsByName(opts.Transport)
		if err != nil || len(kinds) != 1 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return transport.WriterKeys(kinds[0]), cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("split", cmdutil.CompleteOne(func() []string { return wire.SplitNames }))
	return cmd
}

// runServe serves the answer until ctx ends, having said where and, for a hub, which method.
func runServe(ctx context.Context, opts *ServeOptions, w io.Writer) error {
	kinds, err := transport.KindsByName(opts.Transport)
	if err != nil || len(kinds) != 1 || (kinds[0] != transport.WebSocket && kinds[0] != transport.SignalR) {
		return fmt.Errorf("wire serve: --transport %q: serve takes %s", opts.Transport, strings.Join(socketTransports, " or "))
	}
	writers, err := transport.WritersOf(kinds[0], []string{opts.Writer})
	if err != nil {
		return fmt.Errorf("wire serve: %w", err)
	}
	split, err := wire.SplitterFor(opts.Split)
	if err != nil {
		return fmt.Errorf("wire serve: %w", err)
	}
	if host, _, err := net.SplitHostPort(opts.Addr); err != nil || !loopback(host) {
		return fmt.Errorf("wire serve: --addr %q: give a loopback address and port, such as 127.0.0.1:8082", opts.Addr)
	}
	text, err := io.ReadAll(io.LimitReader(opts.In, maxAnswer+1))
	if err != nil {
		return fmt.Errorf("wire serve: read standard input: %w", err)
	}
	if len(text) > maxAnswer {
		return fmt.Errorf("wire serve: the answer on standard input is longer than %d bytes", maxAnswer)
	}
	wr := writers[0]
	s, err := wr.ServeAt(opts.Addr, wire.Input{Chunks: split.Split(string(text))}, opts.Error)
	if err != nil {
		return fmt.Errorf("wire serve: %w", err)
	}
	defer s.Close()
	fmt.Fprintf(w, "serving %s at %s", wr.Label(), s.URL)
	if wr.Method != "" {
		fmt.Fprintf(w, ", hub method %s", wr.Method)
	}
	fmt.Fprintf(w, "\nCtrl-C stops it.\n")
	<-ctx.Done()
	return nil
}

// maxAnswer bounds the answer read from standard input, which the writer holds in memory.
const maxAnswer = 16 << 20

// loopback says whether host names this machine only: the writers are models for experiments,
// not servers to expose.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
