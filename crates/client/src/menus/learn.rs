//! "Learn": the lessons of a variant (`chimera_game::lessons`, generated
//! from its rules) in the window. The list ([`Panel::Learn`]) picks a
//! variant and a lesson, with the ones done marked; the lesson is played on
//! the board as a match ([`LessonBoard`]), its moves made as every move is
//! (a wish, the authority, the applied move); this module hands each
//! applied move to the lesson's [`LessonRun`], which says right, wrong
//! (the board starts again) or solved (progress saved, the "well done"
//! dialog). In a piece lesson White moves on after every move: the next
//! board is installed as a match. The game's replies in a rule lesson are
//! wishes too.

use std::path::PathBuf;
use std::sync::Arc;

use super::{Entry, MenuActivated, MenuAdjusted, Overlays};
use crate::match_state::{
    CurrentMatch, GameSetup, InstallMatch, LessonBoard, Match, MoveApplied, MoveIntent,
};
use crate::schedule::Screen;
use bevy::prelude::*;
use chimera_game::lessons::{Goal, Lesson, LessonRun, Progress, Verdict, lessons};
use chimera_rules::{Game, Sq, Variant, variants};

/// The lessons: the variant whose list is open, the lesson on the board,
/// and the player's progress.
#[derive(Resource, Default)]
pub struct Learn {
    /// The variant listed: an index into [`variants`].
    pub variant: usize,
    /// Its lessons (made when the list opens on it) and the variant they
    /// were made for.
    pub lessons: Vec<Lesson>,
    /// The variant of [`Learn::lessons`].
    pub built: Option<Arc<Variant>>,
    /// The lesson on the board and its index in [`Learn::lessons`].
    pub run: Option<(usize, LessonRun)>,
    /// What the last move did.
    pub status: LessonStatus,
    /// The hinted move in readable notation, and its squares.
    pub hint: Option<(String, Vec<Sq>)>,
    /// The lessons done.
    pub progress: Progress,
    /// The progress file (`None`: progress is not kept).
    pub path: Option<PathBuf>,
    /// A problem with the progress file, told in the list.
    pub problem: Option<String>,
    /// The installed lesson board's start (hash) and the ply it is at: any
    /// other game on the board ends the lesson, an undo restarts it.
    expect: Option<(u64, usize)>,
}

/// How the lesson on the board stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LessonStatus {
    /// Being played.
    #[default]
    Playing,
    /// The last move was not it: why (the board started again).
    Wrong(String),
    /// Solved in this many moves (with the par of a piece lesson).
    Solved {
        /// The player's moves.
        moves: usize,
        /// The fewest.
        par: Option<usize>,
    },
}

impl Learn {
    /// Keeps progress in `path`, reading what is there (a file that does
    /// not read is told, and set aside at the next save).
    pub fn use_file(&mut self, path: Option<PathBuf>) {
        self.problem = None;
        self.progress = match path.as_deref().map(Progress::load) {
            Some(Ok(p)) => p,
            Some(Err(e)) => {
                self.problem = Some(format!(
                    "{e} — starting afresh; the file will be kept beside as .unreadable"
                ));
                Progress::default()
            }
            None => Progress::default(),
        };
        self.path = path;
    }

    /// Lists variant `i`'s lessons.
    pub fn list(&mut self, i: usize) {
        let all = variants();
        self.variant = i.min(all.len().saturating_sub(1));
        let id = all[self.variant].id;
        if self.built.as_ref().is_some_and(|v| v.id() == id) {
            return;
        }
        match Variant::new(id, &[]) {
            Ok(v) => {
                self.lessons = lessons(&v);
                self.built = Some(v);
            }
            Err(e) => {
                self.lessons.clear();
                self.built = None;
                self.problem = Some(format!("{id}: {e}"));
            }
        }
    }

    /// The lesson on the board, if any.
    pub fn current(&self) -> Option<&LessonRun> {
        self.run.as_ref().map(|(_, r)| r)
    }

    /// Whether lesson `i` of the listed variant is done.
    pub fn is_done(&self, i: usize) -> bool {
        match (self.lessons.get(i), &self.built) {
            (Some(l), Some(v)) => self.progress.is_done(v.id(), &l.id),
            _ => false,
        }
    }

    /// How many of the listed variant's lessons are done.
    pub fn done_count(&self) -> usize {
        (0..self.lessons.len()).filter(|&i| self.is_done(i)).count()
    }

    /// The squares the board marks: the targets left, the hinted move's.
    pub fn marks(&self) -> (Vec<Sq>, Vec<Sq>) {
        let targets = self.current().map(|r| r.targets_left()).unwrap_or_default();
        let hint = self.hint.as_ref().map(|h| h.1.clone()).unwrap_or_default();
        (targets, hint)
    }

    /// The match that shows the lesson's board now.
    fn board(&mut self) -> Option<Match> {
        let v = self.built.clone()?;
        let (_, run) = self.run.as_ref()?;
        let game = Game::from_position(run.position().clone());
        let m = Match::with_setup(GameSetup::new(v.id(), Vec::new()), game);
        self.expect = Some((m.game().start().hash(), 0));
        Some(m)
    }

    /// Starts lesson `i` of the listed variant; the match to install.
    fn start(&mut self, i: usize) -> Option<Match> {
        let v = self.built.clone()?;
        let lesson = self.lessons.get(i)?;
        match LessonRun::new(&v, lesson) {
            Ok(run) => self.run = Some((i, run)),
            Err(e) => {
                self.problem = Some(format!("lesson {}: {e}", lesson.id));
                return None;
            }
        }
        self.status = LessonStatus::Playing;
        self.hint = None;
        self.board()
    }

    /// Leaves the lesson (another game took the board).
    fn leave(&mut self) {
        self.run = None;
        self.expect = None;
        self.hint = None;
        self.status = LessonStatus::Playing;
    }

    /// Marks the lesson on the board done and saves the progress.
    fn solved(&mut self, moves: usize, par: Option<usize>) {
        self.status = LessonStatus::Solved { moves, par };
        self.hint = None;
        let (Some(v), Some((_, run))) = (&self.built, &self.run) else {
            return;
        };
        if self.progress.mark(v.id(), &run.lesson().id)
            && let Some(path) = &self.path
            && let Err(e) = self.progress.save(path)
        {
            self.problem = Some(format!(
                "lesson progress: cannot write {}: {e}",
                path.display()
            ));
        }
    }
}

/// Opens the list (on the game's variant when a game is on the board).
fn open_list(
    learn: &mut Learn,
    overlays: &mut Overlays,
    game: Option<&CurrentMatch>,
    fallback: usize,
) {
    let i = game
        .and_then(|g| variants().iter().position(|v| v.id == g.variant().id()))
        .unwrap_or(fallback);
    learn.list(i);
    overlays.learn = true;
}

/// The lesson entries, the hint key in a lesson, and the variant stepped
/// in the list.
#[allow(clippy::too_many_arguments)]
pub(super) fn answer_entries(
    mut activated: MessageReader<MenuActivated>,
    mut adjusted: MessageReader<MenuAdjusted>,
    mut learn: ResMut<Learn>,
    mut overlays: ResMut<Overlays>,
    game: Option<Res<CurrentMatch>>,
    choice: Res<super::MenuChoice>,
    mut next: ResMut<NextState<Screen>>,
    mut installs: MessageWriter<InstallMatch>,
    mut commands: Commands,
) {
    let n = variants().len() as i32;
    for MenuAdjusted(entry, delta) in adjusted.read() {
        if let Entry::LearnVariant(_) = entry {
            let i = (learn.variant as i32 + delta).rem_euclid(n) as usize;
            learn.list(i);
        }
    }
    for MenuActivated(entry) in activated.read() {
        let board = match *entry {
            Entry::Learn => {
                open_list(&mut learn, &mut overlays, game.as_deref(), choice.variant);
                None
            }
            Entry::LearnVariant(_) => {
                let i = (learn.variant as i32 + 1).rem_euclid(n) as usize;
                learn.list(i);
                None
            }
            Entry::Lesson(i) => learn.start(i),
            Entry::LessonNext => {
                let i = learn.run.as_ref().map_or(0, |(i, _)| i + 1);
                if i < learn.lessons.len() {
                    learn.start(i)
                } else {
                    overlays.learn = true;
                    None
                }
            }
            Entry::LessonAgain => learn
                .run
                .as_ref()
                .map(|(i, _)| *i)
                .and_then(|i| learn.start(i)),
            Entry::LessonList => {
                overlays.learn = true;
                None
            }
            Entry::LessonHint => {
                if let Some((_, run)) = &learn.run
                    && !matches!(learn.status, LessonStatus::Solved { .. })
                {
                    let pos = run.position();
                    learn.hint = run.hint().and_then(|lmn| {
                        let m = pos.parse_lmn(&lmn).ok()?;
                        let squares = pos.move_from(m).into_iter().chain(pos.move_to(m)).collect();
                        Some((pos.san(m), squares))
                    });
                }
                None
            }
            _ => None,
        };
        if matches!(
            entry,
            Entry::LessonStay
                | Entry::LessonNext
                | Entry::LessonAgain
                | Entry::LessonList
                | Entry::LessonHint
        ) {
            overlays.lesson_done = false;
            overlays.game_menu = false;
        }
        if let Some(m) = board {
            installs.write(InstallMatch(Box::new(m)));
            commands.insert_resource(LessonBoard);
            *overlays = Overlays::default();
            next.set(Screen::Game);
        }
    }
}

/// Hands each applied move to the lesson on the board: the game's reply
/// is wished, a piece lesson's next board installed, a wrong move starts
/// the board again, a solved lesson is kept as done. Another game on the
/// board ends the lesson; an undo starts it again.
pub(super) fn follow_lesson(
    mut learn: ResMut<Learn>,
    game: Option<Res<CurrentMatch>>,
    mut applied: MessageReader<MoveApplied>,
    mut installs: MessageWriter<InstallMatch>,
    mut intents: MessageWriter<MoveIntent>,
    mut overlays: ResMut<Overlays>,
    mut commands: Commands,
) {
    let (Some(game), Some((start, _))) = (game, learn.expect) else {
        applied.clear();
        return;
    };
    if game.game().start().hash() != start {
        // Another game took the board.
        applied.clear();
        learn.leave();
        commands.remove_resource::<LessonBoard>();
        return;
    }
    let mut install = false;
    let learn = &mut *learn;
    for a in applied.read() {
        if matches!(learn.status, LessonStatus::Solved { .. }) {
            continue;
        }
        let Some((_, run)) = learn.run.as_mut() else {
            continue;
        };
        let collect = matches!(run.lesson().goal, Goal::Collect { .. });
        let verdict = run.play(a.mv);
        learn.hint = None;
        if let Some(e) = learn.expect.as_mut() {
            e.1 = a.ply;
        }
        match verdict {
            Verdict::Continue => {
                learn.status = LessonStatus::Playing;
                install = collect;
            }
            Verdict::Reply(r) => {
                intents.write(MoveIntent { mv: r, ply: a.ply });
            }
            Verdict::Solved { moves, par } => {
                learn.solved(moves, par);
                overlays.lesson_done = true;
                install = false;
            }
            Verdict::Wrong(why) => {
                learn.status = LessonStatus::Wrong(why);
                if let Some((_, run)) = learn.run.as_mut() {
                    run.restart();
                }
                install = true;
            }
        }
    }
    let off = learn.expect.is_some_and(|(_, ply)| game.ply() != ply);
    if off && !matches!(learn.status, LessonStatus::Solved { .. }) {
        // Taken back (or otherwise moved off the lesson): start again.
        if let Some((_, run)) = learn.run.as_mut() {
            run.restart();
        }
        install = true;
    }
    if install && let Some(m) = learn.board() {
        installs.write(InstallMatch(Box::new(m)));
    }
}

/// Opens lesson `id` of variant `variant` on the board at start-up
/// (`chimera play --variant V --lesson ID`).
pub fn open_lesson(world: &mut World, variant: &str, id: &str) -> Result<(), String> {
    let i = variants()
        .iter()
        .position(|v| v.id == variant)
        .ok_or_else(|| format!("no variant '{variant}'"))?;
    let mut learn = world.resource_mut::<Learn>();
    learn.list(i);
    let index = learn
        .lessons
        .iter()
        .position(|l| l.id == id)
        .ok_or_else(|| format!("no lesson '{id}' in {variant}"))?;
    let m = learn
        .start(index)
        .ok_or_else(|| format!("lesson '{id}' does not start"))?;
    world.insert_resource(CurrentMatch(m));
    world.insert_resource(LessonBoard);
    Ok(())
}
