package tools

import (
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
			// A host outlives its course on macOS unless it notices the course is gone itself.
			return gahost.Run(hostproc.WatchParent(cmd.Context()), args, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
}
