package directives

import (
	"log"
	"os"
)

func f(err error) {
	//exitlint:ignore barecode the wrapper script maps 5 itself
	if len(os.Args) > 0 { os.Exit(5) }

	if len(os.Args) > 0 { os.Exit(6) } //exitlint:ignore barecode trailing, with a reason

	// want +1 `//exitlint:ignore barecode has no reason: say after the check why the finding does not apply here`
	//exitlint:ignore barecode
	if len(os.Args) > 0 { os.Exit(7) }

	// want +1 `//exitlint:ignore barecode suppresses nothing: no barecode finding on its line or the line below; remove the directive`
	//exitlint:ignore barecode the code below used to be bare
	if len(os.Args) > 0 { log.Print("the code below used to be bare") }

	// want +1 `//exitlint:ignore names "barcode", which is no exitlint check \(the checks are argphase, barecode, derivedok, envshape, fallback, handbuilt, payload, undeclared\)`
	//exitlint:ignore barcode typo
	if len(os.Args) > 0 { os.Exit(8) }

	// want +1 `//exitlint:ignore names no check`
	//exitlint:ignore
	if len(os.Args) > 0 { log.Print(err) }

	// A directive naming two checks is used if either suppresses something.
	//exitlint:ignore barecode,fallback legacy wrapper
	if len(os.Args) > 0 { os.Exit(1) }

	// want +1 `//exitlint:ingore is no exitlint directive \(they are enum, envelope, factory, file-ignore, ignore, sideeffect\)`
	//exitlint:ingore barecode typo in the directive's name
	if len(os.Args) > 0 { log.Print(err) }
}
