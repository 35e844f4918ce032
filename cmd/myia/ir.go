package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/myia/myia"
	"github.com/myia/myia/ir"
	"github.com/spf13/cobra"
)

func newIRCmd() *cobra.Command {
	var fn, stage, format, html, entry, sig string
	var level int
	stages := myia.StageNames()
	cmd := &cobra.Command{
		Use:   "ir FILE.py",
		Short: "Print the graph IR of a function, as text, Graphviz DOT or SVG",
		Long: `Compile FILE.py up to a stage and print the graph IR of a function and of
the graphs nested in it (its branches, loop bodies, closures).

--fn names the function (default: every top-level function, in source
order). --stage stops the pipeline after that pass; the stages are:
  ` + strings.Join(stages, ", ") + `
and, after them, c and llvm: the code the native backends generate from the
typed entry (docs/backends.md).
(default: the last; opt, the optimizer, runs at the level -O says: -O0
none, -O1 inlining and the local rules, -O2 everything, the default;
typed-opt runs its typed passes again over the typed graphs, which the
native backends compile).
--html OUT.html also writes one page showing the IR of the function
after every optimization pass, side by side: the passes of opt, then
("typed: PASS") those of typed-opt over the typed graphs when the
function is the entry inference starts from. --format is text (the form docs/ir.md describes), dot
(Graphviz: one cluster per graph, dashed edges for free variables) or svg
(the DOT drawn by Graphviz's dot program, which must be installed).

From the infer stage on, --fn's graph is the typed one, specialised for
the types of its arguments, and so are the graphs it reaches: inference
starts from --entry (default: --fn, else main), whose argument types come
from --sig, "float, int, tuple[float, float]", else from its Python
annotations, def f(x: float, n: int).`,
		Example: `  myia ir examples/closures.py --fn make_adder
  myia ir prog.py --fn main --stage build
  myia ir prog.py --fn df --stage grad        # the gradient as the J transform makes it
  myia ir prog.py --fn f --stage infer --sig "float, int"   # f's typed graphs
  myia ir prog.py --fn df --html df.html      # and how the optimizer shrinks it
  myia ir prog.py --fn main --format svg > main.svg
  myia ir prog.py --fn f --stage c --sig "float, int"       # the C the C backend makes`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			return guard(cmd, func() error {
				if !cmd.Flags().Changed("entry") {
					entry = fn
				}
				cfg, err := sigConfig(cmd, entry, sig)
				if err != nil {
					return err
				}
				cfg.Until, cfg.Opt = stage, level
				return printIR(cmd, files[0], fn, format, html, cfg)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&fn, "fn", "", "the function to print (default: all top-level functions)")
	f.StringVar(&stage, "stage", "", "stop after this stage: "+strings.Join(stages, ", ")+" (default: the last)")
	f.StringVar(&format, "format", "text", "text, dot or svg")
	f.IntVarP(&level, "opt", "O", 2, "optimization level of the opt stage: -O0, -O1 or -O2")
	f.StringVar(&html, "html", "", "also write to this file a page of the IR after every optimization pass, side by side")
	f.StringVar(&entry, "entry", "", "the function type inference starts from (default: --fn, else main)")
	f.StringVar(&sig, "sig", "", `the types of the entry's arguments, as "float, int, tuple[float, float]" (default: from the annotations)`)
	return cmd
}

func printIR(cmd *cobra.Command, file, fn, format, html string, cfg myia.Config) error {
	stderr := cmd.ErrOrStderr()
	if cfg.Until == "c" || cfg.Until == "llvm" {
		return printNative(cmd, file, fn, cfg)
	}
	if stage := cfg.Until; stage != "" && !contains(myia.StageNames(), stage) {
		fmt.Fprintf(stderr, "myia: no stage %q: the stages are %s\n", stage, strings.Join(myia.StageNames(), ", "))
		return exitError(1)
	}
	if format != "text" && format != "dot" && format != "svg" {
		fmt.Fprintf(stderr, "myia: --format must be text, dot or svg, got %q\n", format)
		return exitError(1)
	}
	if err := checkLevel(stderr, cfg.Opt); err != nil {
		return err
	}
	var page *htmlPage
	if html != "" {
		entry := cfg.Entry
		if entry == "" {
			entry = "main"
		}
		page = newHTMLPage(file, fn, entry)
		cfg.OptObserve = page.observe
	}
	p, err := compile(cmd, file, cfg)
	if page != nil && p != nil && p.Module != nil {
		if werr := page.write(html); werr != nil {
			fmt.Fprintf(stderr, "myia: %v\n", werr)
			return exitError(1)
		}
	}
	if err != nil {
		return err
	}
	if f := cmd.Flags(); cfg.Until == "infer" || cfg.Until == "typed-opt" || f.Changed("sig") || f.Changed("entry") {
		note(cmd, p) // the entry's types were asked for
	}
	graphs := p.Funcs
	if fn != "" {
		g, err := p.Entry(fn)
		if h := p.Graph(fn); h != nil {
			g, err = h, nil // also graphs made by the compiler: fprop_f...
		}
		if err != nil {
			return report(stderr, p.Module.Sources, err)
		}
		// With the transformed functions it calls (not the stdlib).
		user := map[*ir.Graph]bool{}
		for _, h := range p.Funcs {
			user[h] = true
		}
		graphs = ir.Reach(g, func(h *ir.Graph) bool { return h.Kind != ir.KindStdlib && !user[h] })
	}
	var buf bytes.Buffer
	for i, g := range graphs {
		switch format {
		case "text":
			if i > 0 {
				buf.WriteByte('\n')
			}
			ir.Fprint(&buf, g)
		default:
			ir.Dot(&buf, g)
		}
	}
	if format == "svg" {
		if len(graphs) > 1 {
			fmt.Fprintln(stderr, "myia: --format svg draws one function: name it with --fn")
			return exitError(1)
		}
		return svg(cmd.OutOrStdout(), stderr, buf.Bytes())
	}
	_, err = cmd.OutOrStdout().Write(buf.Bytes())
	return err
}

// printNative prints the code a native backend makes from the typed
// entry (--stage c or llvm): the generated C without the runtime that
// precedes it, or the LLVM IR module.
func printNative(cmd *cobra.Command, file, fn string, cfg myia.Config) error {
	backend := cfg.Until
	cfg.Until = ""
	if err := checkLevel(cmd.ErrOrStderr(), cfg.Opt); err != nil {
		return err
	}
	p, err := compile(cmd, file, cfg)
	if err != nil {
		return err
	}
	entry := cfg.Entry
	if entry == "" {
		entry = "main"
	}
	src, err := p.NativeSource(backend, entry)
	if err != nil {
		return report(cmd.ErrOrStderr(), p.Module.Sources, err)
	}
	_, err = io.WriteString(cmd.OutOrStdout(), src)
	return err
}

// svg renders DOT with Graphviz's dot program.
func svg(stdout, stderr io.Writer, dot []byte) error {
	path, err := exec.LookPath("dot")
	if err != nil {
		fmt.Fprintln(stderr, "myia: --format svg needs Graphviz's dot program, which is not installed"+
			" (on Debian: apt-get install graphviz); --format dot prints its input")
		return exitError(1)
	}
	c := exec.Command(path, "-Tsvg")
	c.Stdin = bytes.NewReader(dot)
	var out, errOut bytes.Buffer
	c.Stdout, c.Stderr = &out, &errOut
	if err := c.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			fmt.Fprintf(stderr, "myia: dot failed: %s", errOut.String())
		} else {
			fmt.Fprintf(stderr, "myia: running dot: %v\n", err)
		}
		return exitError(1)
	}
	_, err = stdout.Write(out.Bytes())
	return err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
