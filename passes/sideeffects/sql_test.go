package sideeffects

import "testing"

func TestChangesData(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  bool
	}{
		{"DELETE FROM jobs WHERE done RETURNING id", true},
		{"  insert into jobs (id) values ($1) returning id", true},
		{"-- newest first\nUPDATE jobs SET done = true RETURNING id", true},
		{"/* purge */ DELETE FROM jobs", true},
		{"WITH gone AS (DELETE FROM jobs RETURNING id) SELECT count(*) FROM gone", true},
		{"SELECT 1; DROP TABLE jobs", true},
		{"REPLACE INTO jobs VALUES (1)", true},
		{"CREATE TABLE IF NOT EXISTS jobs (id int)", true},

		{"SELECT id FROM jobs", false},
		{"select replace(name, 'a', 'b') from jobs", false},
		{"SELECT id FROM jobs WHERE name = 'DELETE FROM x'", false},
		{"SELECT id FROM jobs FOR UPDATE", false},
		{"WITH t AS (SELECT 1) SELECT * FROM t", false},
		{"WITH t AS (SELECT id FROM jobs FOR UPDATE) SELECT * FROM t", false},
		{"SELECT deleted_at, updated FROM jobs", false},
		{"-- DELETE FROM jobs\nSELECT 1", false},
		{"PRAGMA table_info(jobs)", false},
		{"", false},
		{"/* unterminated", false},
	} {
		if got := ChangesData(tc.query); got != tc.want {
			t.Errorf("ChangesData(%q) = %v, want %v", tc.query, got, tc.want)
		}
	}
}
