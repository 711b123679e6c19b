//! The 2D glyphs as pictures: each piece's front view (the very parts of its
//! 3D model, see `geom`) rasterised once on the CPU at start-up, with
//! per-sample shading, a depth test and supersampled edges, into one atlas
//! image with its mip chain. The board then draws one textured quad per
//! piece: under software Vulkan a few quads cost far less than the
//! thousands of small triangles of a meshed glyph, and the edges are smooth
//! without multisampling. The main menu's board preview paints the same
//! atlas.

use super::geom::{MeshGeometry, Palette, Part, Tone, tessellate};
use bevy::prelude::*;

/// Pixels of one glyph cell (the unit square of a board square) at mip 0.
/// At 4K a board square is about 160 pixels; smaller squares use the mips.
pub const CELL: usize = 192;
/// Mip levels (192, 96, 48, 24): `CELL` is divisible by 2^(MIPS−1), so each
/// level is the atlas of the cells' own mips and no cell bleeds into another.
pub const MIPS: usize = 4;
/// Samples per pixel along each axis.
const SUPERSAMPLE: usize = 2;
/// Lathe facets of the rasterised front view (costs only start-up time).
const SEGMENTS: usize = 16;
/// Outline width, in units of a board square.
const OUTLINE_WIDTH: f32 = super::geom::OUTLINE;
/// Fixed light for the glyph's relief shading (from the upper left, front).
const GLYPH_LIGHT: Vec3 = Vec3::new(-0.45, 0.55, 0.7);

/// A front-facing triangle of the glyph in glyph space (unit square centred
/// on the origin, +Y up, +Z toward the viewer), with its vertex normals.
#[derive(Clone, Copy, Debug)]
struct Tri {
    p: [Vec3; 3],
    n: [Vec3; 3],
    tone: Tone,
}

/// The two layers of a glyph: shaded body and the dark outline behind it.
struct Layers {
    fill: Vec<Tri>,
    outline: Vec<[Vec2; 3]>,
}

/// Front-facing triangles of `geo` after mirroring (`sx` = −1), scaling and offsetting.
fn front_tris(geo: &MeshGeometry, sx: f32, scale: f32, offset: Vec2) -> Vec<Tri> {
    let place = |p: Vec3| Vec3::new(sx * p.x * scale + offset.x, p.y * scale + offset.y, p.z);
    geo.indices
        .chunks_exact(3)
        .filter_map(|t| {
            let [a, b, c] = [t[0] as usize, t[1] as usize, t[2] as usize];
            let (pa, pb, pc) = (geo.positions[a], geo.positions[b], geo.positions[c]);
            // Faces away from the viewer (seen before the mirror, which keeps z).
            if (pb - pa).cross(pc - pa).z <= 1e-9 {
                return None;
            }
            let n = |v: usize| {
                let n = geo.normals[v];
                Vec3::new(sx * n.x, n.y, n.z)
            };
            Some(Tri {
                p: [place(pa), place(pb), place(pc)],
                n: [n(a), n(b), n(c)],
                tone: geo.tones[a],
            })
        })
        .collect()
}

fn layers(parts: &[Part], mirror: bool, scale: f32, offset: Vec2) -> Layers {
    let mut fill = MeshGeometry::default();
    let mut outline = MeshGeometry::default();
    for p in parts {
        tessellate(p, &mut fill, SEGMENTS);
        tessellate(&p.expanded(OUTLINE_WIDTH / scale), &mut outline, SEGMENTS);
    }
    let sx = if mirror { -1.0 } else { 1.0 };
    Layers {
        fill: front_tris(&fill, sx, scale, offset),
        outline: front_tris(&outline, sx, scale, offset)
            .into_iter()
            .map(|t| t.p.map(|p| p.truncate()))
            .collect(),
    }
}

/// Calls `hit(index, barycentrics)` for every sample of a `size`×`size` grid
/// (sample centres at half-integers, y down from glyph y = +0.5) inside the
/// glyph-space triangle `p`.
pub(super) fn raster(size: usize, p: [Vec2; 3], mut hit: impl FnMut(usize, [f32; 3])) {
    let s = size as f32;
    let q = p.map(|v| Vec2::new((v.x + 0.5) * s, (0.5 - v.y) * s));
    let edge = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - a);
    let area = edge(q[0], q[1], q[2]);
    if area.abs() < 1e-12 {
        return;
    }
    let lo = q[0].min(q[1]).min(q[2]);
    let hi = q[0].max(q[1]).max(q[2]);
    let x0 = (lo.x - 0.5).ceil().max(0.0) as usize;
    let y0 = (lo.y - 0.5).ceil().max(0.0) as usize;
    let x1 = ((hi.x - 0.5).floor() as i64).min(size as i64 - 1);
    let y1 = ((hi.y - 0.5).floor() as i64).min(size as i64 - 1);
    if x1 < x0 as i64 || y1 < y0 as i64 {
        return;
    }
    let inv = 1.0 / area;
    for y in y0..=y1 as usize {
        for x in x0..=x1 as usize {
            let c = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            let b = [
                edge(q[1], q[2], c) * inv,
                edge(q[2], q[0], c) * inv,
                edge(q[0], q[1], c) * inv,
            ];
            if b.iter().all(|&w| w >= 0.0) {
                hit(y * size + x, b);
            }
        }
    }
}

/// One glyph, `CELL`×`CELL` pixels, linear colour with premultiplied alpha.
struct Picture {
    size: usize,
    px: Vec<[f32; 4]>,
}

/// The shaded colour of a surface of `base` colour with unit normal `n`
/// (the relief shading of the glyphs: light from the upper left front).
fn shade(base: LinearRgba, n: Vec3) -> [f32; 3] {
    let lambert = n.dot(GLYPH_LIGHT.normalize()).max(0.0);
    let k = 0.62 + 0.45 * lambert;
    [
        (base.red * k).min(1.0),
        (base.green * k).min(1.0),
        (base.blue * k).min(1.0),
    ]
}

/// Rasterises the front view of `parts` in `palette` (mirrored for Black),
/// fitted into the unit square by `scale` and `offset`.
fn picture(parts: &[Part], palette: &Palette, mirror: bool, scale: f32, offset: Vec2) -> Picture {
    let Layers { fill, outline } = layers(parts, mirror, scale, offset);
    let n = CELL * SUPERSAMPLE;
    let mut depth = vec![f32::NEG_INFINITY; n * n];
    let mut colour = vec![[0.0f32; 3]; n * n];
    let mut edge = vec![false; n * n];
    for t in &outline {
        raster(n, *t, |i, _| edge[i] = true);
    }
    for t in &fill {
        let base = palette.tone(t.tone).to_linear();
        raster(n, t.p.map(|p| p.truncate()), |i, b| {
            let z = b[0] * t.p[0].z + b[1] * t.p[1].z + b[2] * t.p[2].z;
            if z > depth[i] {
                depth[i] = z;
                let nrm = (t.n[0] * b[0] + t.n[1] * b[1] + t.n[2] * b[2]).normalize_or_zero();
                colour[i] = shade(base, nrm);
            }
        });
    }
    let line = palette.outline.to_linear();
    let line = [line.red, line.green, line.blue];
    let per = (SUPERSAMPLE * SUPERSAMPLE) as f32;
    let mut px = vec![[0.0f32; 4]; CELL * CELL];
    for (i, out) in px.iter_mut().enumerate() {
        let (x, y) = (i % CELL, i / CELL);
        let mut sum = [0.0f32; 4];
        for sy in 0..SUPERSAMPLE {
            for sx in 0..SUPERSAMPLE {
                let j = (y * SUPERSAMPLE + sy) * n + x * SUPERSAMPLE + sx;
                let c = if depth[j] > f32::NEG_INFINITY {
                    colour[j]
                } else if edge[j] {
                    line
                } else {
                    continue;
                };
                sum = [sum[0] + c[0], sum[1] + c[1], sum[2] + c[2], sum[3] + 1.0];
            }
        }
        *out = sum.map(|v| v / per);
    }
    Picture { size: CELL, px }
}

impl Picture {
    /// The next mip level: 2×2 box filter (premultiplied, linear).
    fn half(&self) -> Picture {
        let size = self.size / 2;
        let mut px = vec![[0.0f32; 4]; size * size];
        for (i, out) in px.iter_mut().enumerate() {
            let (x, y) = (i % size, i / size);
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let p = self.px[(2 * y + dy) * self.size + 2 * x + dx];
                for k in 0..4 {
                    out[k] += p[k] * 0.25;
                }
            }
        }
        Picture { size, px }
    }
}

/// Linear [0, 1] to an sRGB byte (table lookup; 4096 steps are finer than a byte).
struct SrgbTable(Vec<u8>);

impl SrgbTable {
    const STEPS: usize = 4096;
    fn new() -> SrgbTable {
        SrgbTable(
            (0..=Self::STEPS)
                .map(|i| {
                    let v = i as f32 / Self::STEPS as f32;
                    let lin = LinearRgba::rgb(v, v, v);
                    Srgba::from(lin).to_u8_array()[0]
                })
                .collect(),
        )
    }
    fn byte(&self, v: f32) -> u8 {
        self.0[(v.clamp(0.0, 1.0) * Self::STEPS as f32).round() as usize]
    }
}

/// How the cells of an atlas are arranged: a near-square grid, filled row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Cells per row.
    pub columns: usize,
    /// Rows of cells.
    pub rows: usize,
}

impl Grid {
    /// The grid for `count` cells.
    pub fn for_cells(count: usize) -> Grid {
        let columns = (count as f32).sqrt().ceil().max(1.0) as usize;
        Grid {
            columns,
            rows: count.div_ceil(columns).max(1),
        }
    }
    /// Width of mip 0 in pixels.
    pub fn width(&self) -> usize {
        self.columns * CELL
    }
    /// Height of mip 0 in pixels.
    pub fn height(&self) -> usize {
        self.rows * CELL
    }
    /// UV rectangle (0..1, v down) of cell `index`.
    pub fn uv(&self, index: usize) -> Rect {
        let (cx, cy) = ((index % self.columns) as f32, (index / self.columns) as f32);
        let (w, h) = (self.columns as f32, self.rows as f32);
        Rect::new(cx / w, cy / h, (cx + 1.0) / w, (cy + 1.0) / h)
    }
}

/// A glyph atlas: every glyph in its cell of the grid, sRGB RGBA with
/// straight alpha.
pub struct Atlas {
    /// The arrangement of the cells.
    pub grid: Grid,
    /// The bytes of every mip level, largest first.
    pub levels: Vec<Vec<u8>>,
}

impl Atlas {
    /// The part of cell `index` (0..1 across the cell, v down) outside of
    /// which the glyph is transparent however it is sampled: the cell's
    /// covered texels at every mip level, grown by one texel of that level
    /// (the reach of a bilinear sample). `None` if the cell is empty.
    pub fn drawn_rect(&self, index: usize) -> Option<Rect> {
        let (cx, cy) = (index % self.grid.columns, index / self.grid.columns);
        let mut drawn: Option<Rect> = None;
        for (m, bytes) in self.levels.iter().enumerate() {
            let size = CELL >> m;
            let width = self.grid.columns * size;
            let mut covered: Option<(usize, usize, usize, usize)> = None;
            for y in 0..size {
                for x in 0..size {
                    let at = ((cy * size + y) * width + cx * size + x) * 4;
                    if bytes[at + 3] == 0 {
                        continue;
                    }
                    let c = covered.get_or_insert((x, y, x, y));
                    *c = (c.0.min(x), c.1.min(y), c.2.max(x), c.3.max(y));
                }
            }
            let Some((x0, y0, x1, y1)) = covered else {
                continue;
            };
            let texel = 1.0 / size as f32;
            let grown = Rect::new(
                (x0 as f32 - 1.0) * texel,
                (y0 as f32 - 1.0) * texel,
                (x1 as f32 + 2.0) * texel,
                (y1 as f32 + 2.0) * texel,
            )
            .intersect(Rect::new(0.0, 0.0, 1.0, 1.0));
            drawn = Some(drawn.map_or(grown, |d| d.union(grown)));
        }
        drawn
    }
}

/// What one atlas cell shows.
pub struct GlyphSpec<'a> {
    pub parts: &'a [Part],
    pub palette: Palette,
    pub mirror: bool,
    pub scale: f32,
    pub offset: Vec2,
}

/// Rasterises every glyph into an atlas (cell `i` = `glyphs[i]`), both
/// start-up cores at work.
pub fn atlas(glyphs: &[GlyphSpec]) -> Atlas {
    let grid = Grid::for_cells(glyphs.len());
    let Grid { columns, rows } = grid;
    let table = SrgbTable::new();
    let mut levels: Vec<Vec<u8>> = (0..MIPS)
        .map(|m| {
            let cell = CELL >> m;
            vec![0u8; columns * cell * rows * cell * 4]
        })
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = glyphs.len().div_ceil(threads).max(1);
    let cells: Vec<(usize, Vec<Picture>)> = std::thread::scope(|scope| {
        let jobs: Vec<_> = glyphs
            .chunks(chunk)
            .enumerate()
            .map(|(c, specs)| {
                scope.spawn(move || {
                    specs
                        .iter()
                        .enumerate()
                        .map(|(k, g)| {
                            let mut mips =
                                vec![picture(g.parts, &g.palette, g.mirror, g.scale, g.offset)];
                            for _ in 1..MIPS {
                                let next = mips[mips.len() - 1].half();
                                mips.push(next);
                            }
                            (c * chunk + k, mips)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        jobs.into_iter()
            .flat_map(|j| j.join().expect("glyph rasteriser thread"))
            .collect()
    });
    for (index, mips) in cells {
        let (cx, cy) = (index % columns, index / columns);
        for (m, pic) in mips.iter().enumerate() {
            let width = columns * pic.size;
            let bytes = &mut levels[m];
            for (i, p) in pic.px.iter().enumerate() {
                let (x, y) = (cx * pic.size + i % pic.size, cy * pic.size + i / pic.size);
                let at = (y * width + x) * 4;
                // Straight alpha, empty pixels black. Only the near-black
                // outline meets empty pixels, so the picture is the same
                // blended straight (the board's material) or premultiplied
                // (egui): nothing shows around a glyph.
                let rgb = if p[3] > 1e-6 {
                    [p[0] / p[3], p[1] / p[3], p[2] / p[3]]
                } else {
                    [0.0; 3]
                };
                bytes[at] = table.byte(rgb[0]);
                bytes[at + 1] = table.byte(rgb[1]);
                bytes[at + 2] = table.byte(rgb[2]);
                bytes[at + 3] = (p[3].clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        }
    }
    Atlas { grid, levels }
}

/// Cells along each side of a [`Silhouette`] grid.
pub const SILHOUETTE_CELLS: usize = 96;
/// Side of the square a [`Silhouette`] covers, in piece units: a piece of
/// any family seen from any elevation fits inside it.
const SILHOUETTE_FRAME: f32 = 1.5;

/// What a piece covers seen from one direction (orthographic, at a fixed
/// scale, so heights and widths compare between pieces): a grid of
/// [`SILHOUETTE_CELLS`]² cells over a square of 1.5 piece units, its foot
/// centred near the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Silhouette {
    cells: Vec<bool>,
}

impl Silhouette {
    /// The silhouette of `parts` turned by `view` and seen along −Z (from +Z).
    pub fn of(parts: &[Part], view: Quat) -> Silhouette {
        let mut geo = MeshGeometry::default();
        for p in parts {
            tessellate(p, &mut geo, SEGMENTS);
        }
        let n = SILHOUETTE_CELLS;
        let mut cells = vec![false; n * n];
        // Piece (x, y) to the raster's unit square: the frame's middle at
        // height 0.5, a little below the middle of a tall piece.
        let place = |p: Vec3| {
            let q = view * p;
            Vec2::new(q.x, q.y - 0.5) / SILHOUETTE_FRAME
        };
        for t in geo.indices.chunks_exact(3) {
            let tri = [0, 1, 2].map(|k| place(geo.positions[t[k] as usize]));
            // Either winding: `raster` covers a triangle whichever way it turns.
            raster(n, tri, |i, _| cells[i] = true);
        }
        Silhouette { cells }
    }

    /// Covered cells.
    pub fn area(&self) -> usize {
        self.cells.iter().filter(|c| **c).count()
    }

    /// How much two silhouettes differ: the cells covered by exactly one of
    /// them over the cells covered by either (0 = the same, 1 = disjoint).
    pub fn difference(&self, other: &Silhouette) -> f32 {
        let (mut either, mut one) = (0usize, 0usize);
        for (a, b) in self.cells.iter().zip(&other.cells) {
            either += (*a || *b) as usize;
            one += (*a != *b) as usize;
        }
        if either == 0 {
            0.0
        } else {
            one as f32 / either as f32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triangle_covers_half_its_square() {
        // The lower-left half of the unit square: half of the samples.
        let tri = [
            Vec2::new(-0.5, -0.5),
            Vec2::new(0.5, -0.5),
            Vec2::new(-0.5, 0.5),
        ];
        let mut hits: i32 = 0;
        raster(64, tri, |_, b| {
            assert!((b.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            hits += 1;
        });
        let half = 64 * 64 / 2;
        assert!((hits - half).abs() <= 64, "{hits} of {half}");
    }

    #[test]
    fn mips_keep_the_mean() {
        let pic = Picture {
            size: 4,
            px: (0..16).map(|i| [i as f32 / 16.0, 0.0, 0.0, 1.0]).collect(),
        };
        let h = pic.half();
        assert_eq!(h.size, 2);
        let mean = |p: &Picture| p.px.iter().map(|c| c[0]).sum::<f32>() / p.px.len() as f32;
        assert!((mean(&pic) - mean(&h)).abs() < 1e-6);
        // Top-left of the half = mean of pixels 0, 1, 4, 5.
        assert!((h.px[0][0] - (0.0 + 1.0 + 4.0 + 5.0) / 64.0).abs() < 1e-6);
    }
}
