// want +1 `//exitlint:file-ignore handbuilt suppresses nothing: no handbuilt finding in this file; remove the directive`
//exitlint:file-ignore handbuilt nothing here builds an envelope

package directives
