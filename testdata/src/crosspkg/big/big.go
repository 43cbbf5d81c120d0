// Package big spells more codes in one function than a small bound on a
// fact would carry: each reaches the exit in cmd/tool and is reported.
package big

// Code returns the exit code of outcome k.
func Code(k int) int {
	switch k {
	case 0:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 1:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 2:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 3:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 4:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 5:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 6:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 7:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 8:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 9:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 10:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 11:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 12:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 13:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 14:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 15:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 16:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 17:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 18:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 19:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 20:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 21:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 22:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 23:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 24:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 25:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 26:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 27:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 28:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 29:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 30:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 31:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 32:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 33:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 34:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 35:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 36:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 37:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 38:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 39:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 40:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 41:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 42:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 43:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 44:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 45:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 46:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 47:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 48:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 49:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 50:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 51:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 52:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 53:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 54:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 55:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 56:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 57:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 58:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 59:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 60:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 61:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 62:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 63:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 64:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 65:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 66:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 67:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 68:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	case 69:
		return 2 // want barecode:`exit code 2 written as a bare integer.*big.Code's result → os.Exit`
	}
	return 0
}
