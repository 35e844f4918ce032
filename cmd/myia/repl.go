package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/chzyer/readline"
	"github.com/myia/myia"
	"github.com/spf13/cobra"
)

func newReplCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "repl",
		Short: "Start an interactive session",
		Long: `Start an interactive session. defs, imports and top-level constant
assignments are kept; an expression prints its repr (nothing for None);
other statements run as the body of a hidden function. A block (a def, a
loop) continues on "... " lines up to a blank line. An input with an error
is reported and not kept, and the session goes on.

` + myia.ReplHelp + `
On a terminal the session has line editing and a history (~/.myia_history);
with input piped in it reads lines and prints no prompts.`,
		Example: `  myia repl
  >>> def sq(x):
  ...     return x * x
  ...
  >>> sq(3) + 1
  10
  >>> :ir sq
  >>> :quit

  printf 'def f(x):\n    return 2 * x\n\nf(21)\n' | myia repl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return guard(cmd, func() error { return repl(cmd) })
		},
	}
}

func repl(cmd *cobra.Command) error {
	r := &myia.Repl{Stdout: cmd.OutOrStdout(), Stderr: cmd.ErrOrStderr(), Debug: os.Getenv("MYIA_DEBUG") == "1"}
	in := cmd.InOrStdin()
	if f, ok := in.(*os.File); ok && readline.IsTerminal(int(f.Fd())) && readline.IsTerminal(int(os.Stdout.Fd())) {
		cfg := &readline.Config{Prompt: ">>> ", Stdin: f, Stdout: os.Stdout, Stderr: os.Stderr}
		if home, err := os.UserHomeDir(); err == nil {
			cfg.HistoryFile = filepath.Join(home, ".myia_history")
		}
		rl, err := readline.NewEx(cfg)
		if err == nil {
			defer rl.Close()
			r.Stdout, r.Stderr = rl.Stdout(), rl.Stderr()
			return r.Run(terminal{rl})
		}
	}
	return r.Run(&piped{sc: bufio.NewScanner(in)})
}

// terminal reads lines with editing and history.
type terminal struct{ rl *readline.Instance }

func (t terminal) ReadLine(prompt string) (string, error) {
	t.rl.SetPrompt(prompt)
	for {
		line, err := t.rl.Readline()
		if err == readline.ErrInterrupt {
			if line == "" {
				return "", io.EOF // Ctrl-C on an empty line leaves
			}
			continue // Ctrl-C drops the line
		}
		return line, err
	}
}

// piped reads lines from a pipe or file, without prompts.
type piped struct{ sc *bufio.Scanner }

func (p *piped) ReadLine(string) (string, error) {
	if !p.sc.Scan() {
		if err := p.sc.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return strings.TrimRight(p.sc.Text(), "\r"), nil
}
