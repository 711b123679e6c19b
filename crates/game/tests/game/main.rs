//! Match tests: the clock, and game records read, written and fuzzed.

mod clock;
#[allow(dead_code)]
#[path = "../../../rules/tests/rules/common.rs"]
mod common;
mod lessons;
mod rating;
mod record;
mod record_cost;
mod record_foreign;
mod record_fuzz;
mod record_review;
