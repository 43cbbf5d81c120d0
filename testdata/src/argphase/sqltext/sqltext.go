// Package sqltext: a constant query that changes data, run through Query,
// is a side effect; a SELECT is not.
package sqltext

import (
	"context"
	"database/sql"

	"github.com/exitlint/exitlint/exitcode"
)

func purge(db *sql.DB, format string) error {
	rows, err := db.Query("DELETE FROM jobs WHERE done RETURNING id")
	if err != nil {
		return err
	}
	rows.Close()
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: sql.DB.Query runs a statement that changes data`
	}
	return nil
}

func upsert(ctx context.Context, db *sql.DB, format string) error {
	row := db.QueryRowContext(ctx, `
		-- keep the newest
		INSERT INTO jobs (id) VALUES (1) ON CONFLICT DO NOTHING RETURNING id`)
	var id int
	if err := row.Scan(&id); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: sql.DB.QueryRowContext runs a statement that changes data`
	}
	return nil
}

// list only selects.
func list(ctx context.Context, db *sql.DB, format string) error {
	rows, err := db.QueryContext(ctx, "SELECT id FROM jobs")
	if err != nil {
		return err
	}
	rows.Close()
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// withSelect: a WITH whose body only selects is no change either.
func withSelect(db *sql.DB, format string) error {
	rows, err := db.Query("WITH t AS (SELECT 1) SELECT * FROM t")
	if err != nil {
		return err
	}
	rows.Close()
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// built: a query built at run time is not read.
func built(db *sql.DB, table, format string) error {
	rows, err := db.Query("SELECT id FROM " + table)
	if err != nil {
		return err
	}
	rows.Close()
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}
