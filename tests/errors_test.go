package tests

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/myia/myia"
	"github.com/myia/myia/ir"
)

// errorHeader is the first line of every errors/*.py file.
var errorHeader = regexp.MustCompile(`^# error: (\d+):(\d+): (.+)$`)

// TestErrors compiles every errors/*.py (and runs its main() if it
// compiles) and checks that the first error reported is at LINE:COL and
// contains SUBSTRING, as the file's first line says:
//
//	# error: LINE:COL: SUBSTRING
//
// and that the formatted message shows the source line and a caret under
// the column, at -O0 and at -O2 (the CLI's default) alike: the optimizer
// may not drop an error. A Go panic (an internal error) fails the test.
// A second line
//
//	# stdout: TEXT
//
// (\n for a newline) is what the run prints before it fails: the
// optimizer may not move a failing operation before a print either.
func TestErrors(t *testing.T) {
	files, err := filepath.Glob("errors/*.py")
	if err != nil {
		t.Fatal(err)
	}
	shapes, err := filepath.Glob("corpus/arrays/errors/*.py")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, shapes...)
	if len(files) == 0 {
		t.Skip("no errors/*.py yet")
	}
	for _, file := range files {
		for _, level := range []int{0, 2} {
			t.Run(fmt.Sprintf("%s/O%d", strings.TrimSuffix(filepath.Base(file), ".py"), level), func(t *testing.T) {
				t.Parallel()
				checkErrorFile(t, file, level)
			})
		}
	}
}

func checkErrorFile(t *testing.T, file string, level int) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(src), "\n")
	m := errorHeader.FindStringSubmatch(strings.TrimRight(first, "\r"))
	if m == nil {
		t.Fatalf("%s: the first line must be `# error: LINE:COL: SUBSTRING`, got %q", file, first)
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	want := m[3]

	p, err := myia.Compile(file, src, myia.Config{Verify: true, Opt: level})
	failInternal(t, err)
	if err == nil {
		var out bytes.Buffer
		err = myia.Protect("vm", func() error {
			_, err := p.Run("main", nil, myia.RunOptions{Stdout: &out})
			return err
		})
		failInternal(t, err)
		if wantOut, ok := stdoutHeader(string(src)); ok && out.String() != wantOut {
			t.Errorf("%s: printed %q before the error, want %q", file, out.String(), wantOut)
		}
	}
	if err == nil {
		t.Fatalf("%s: no error, want one at %d:%d containing %q", file, line, col, want)
	}
	list, ok := asErrors(err)
	if !ok {
		t.Fatalf("%s: error without a position (%T): %v", file, err, err)
	}
	formatted := p.Module.Sources.Format(err)
	e := list[0]
	if e.Pos.File != file || e.Pos.Line != line || e.Pos.Col != col || !strings.Contains(e.Msg, want) {
		t.Fatalf("%s: first error is\n%s\nwant one at %d:%d containing %q", file, formatted, line, col, want)
	}
	text, ok := p.Module.Sources.Line(file, line)
	if !ok {
		t.Fatalf("%s: line %d is not in the file", file, line)
	}
	block := fmt.Sprintf("%s: error: %s\n    %s\n    %s^\n", e.Pos, e.Msg, text, caretPad(text, col))
	if !strings.Contains(formatted, block) {
		t.Errorf("%s: formatted error lacks the source line and caret; got\n%s\nwant it to contain\n%s", file, formatted, block)
	}
}

// stdoutHeader is the TEXT of an error file's second line, "# stdout:
// TEXT", with \n made newlines.
func stdoutHeader(src string) (string, bool) {
	lines := strings.SplitN(src, "\n", 3)
	if len(lines) < 2 {
		return "", false
	}
	text, ok := strings.CutPrefix(strings.TrimRight(lines[1], "\r"), "# stdout: ")
	return strings.ReplaceAll(text, `\n`, "\n"), ok
}

// asErrors returns the positioned errors in err, sorted.
func asErrors(err error) (ir.ErrorList, bool) {
	var list ir.ErrorList
	var one *ir.Error
	switch {
	case errors.As(err, &list) && len(list) > 0:
		list = append(ir.ErrorList(nil), list...)
		list.Sort()
		return list, true
	case errors.As(err, &one):
		return ir.ErrorList{one}, true
	}
	return nil, false
}

// caretPad is the white space before the caret under column col of line.
func caretPad(line string, col int) string {
	var b strings.Builder
	for i := 0; i < col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
