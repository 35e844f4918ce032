package myia

import (
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/myia/myia/vm"
)

func TestParseArgsAndEncodeJSON(t *testing.T) {
	args, err := ParseArgs(`[1, 2.5, [3, 4e0], null, true, "s"]`)
	if err != nil {
		t.Fatal(err)
	}
	got := EncodeJSON(vm.Tuple(args))
	if want := `[1, 2.5, [3, 4.0], null, true, "s"]`; got != want {
		t.Errorf("EncodeJSON(ParseArgs(...)) = %s, want %s", got, want)
	}
	if got, want := vm.Tuple(args).Repr(), `(1, 2.5, (3, 4.0), None, True, 's')`; got != want {
		t.Errorf("repr = %s, want %s", got, want)
	}
	for _, bad := range []string{"", "[1,", "3", "[1] [2]", "[99999999999999999999]"} {
		if _, err := ParseArgs(bad); err == nil {
			t.Errorf("ParseArgs(%q) succeeded, want an error", bad)
		}
	}
}

func TestEncodeJSONFloatsAndStrings(t *testing.T) {
	for _, tc := range []struct {
		v    vm.Value
		want string
	}{
		{vm.Float(2), "2.0"},
		{vm.Float(1e-5), "1e-05"},
		{vm.Float(1e16), "1e+16"},
		{vm.Float(math.Inf(1)), `"inf"`},
		{vm.Str("a\"b\\c\n\u00e9\U0001F600"), `"a\"b\\c\n\u00e9\ud83d\ude00"`},
		{vm.None, "null"},
		{vm.List([]vm.Value{vm.Int(1), vm.Bool(false)}), "[1, false]"},
	} {
		if got := EncodeJSON(tc.v); got != tc.want {
			t.Errorf("EncodeJSON(%s) = %s, want %s", tc.v.Repr(), got, tc.want)
		}
	}
}

func TestMedian(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		var out []time.Duration
		for _, n := range ns {
			out = append(out, time.Duration(n)*time.Millisecond)
		}
		return out
	}
	if got := Median(ms(5, 1, 3)); got != 3*time.Millisecond {
		t.Errorf("Median(5, 1, 3) = %v, want 3ms", got)
	}
	if got := Median(ms(4, 1, 3, 2)); got != 2500*time.Microsecond {
		t.Errorf("Median(4, 1, 3, 2) = %v, want 2.5ms", got)
	}
	if got := Median(nil); got != 0 {
		t.Errorf("Median() = %v, want 0", got)
	}
}

// lines is a LineReader over fixed lines that records the prompts.
type lines struct {
	text    []string
	prompts []string
}

func (l *lines) ReadLine(prompt string) (string, error) {
	l.prompts = append(l.prompts, prompt)
	if len(l.text) == 0 {
		return "", io.EOF
	}
	s := l.text[0]
	l.text = l.text[1:]
	return s, nil
}

func TestReadChunk(t *testing.T) {
	in := &lines{text: strings.Split(`x = (1,
  2)
def f(x):
    if x:
        return 1
    else:
        return 2
f(1)
@dec
def g():
    pass

:quit`, "\n")}
	pb := &pushback{in: in}
	var got []string
	for {
		chunk, err := readChunk(pb)
		if chunk != "" {
			got = append(got, chunk)
		}
		if err != nil {
			break
		}
	}
	want := []string{
		"x = (1,\n  2)\n",
		"def f(x):\n    if x:\n        return 1\n    else:\n        return 2\n",
		"f(1)\n",
		"@dec\ndef g():\n    pass\n",
		":quit",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("chunks = %q, want %q", got, want)
	}
	if in.prompts[0] != ">>> " || in.prompts[1] != "... " {
		t.Errorf("prompts = %q, want >>> then ...", in.prompts)
	}
}
