//! The material of everything whose colour, lighting included, is baked
//! into its vertices (3D pieces, tiles and the board frame): its fragment
//! shader only passes the vertex colour on. The standard PBR shader, even
//! unlit, costs several times more per pixel, which under software Vulkan
//! was most of the 3D frame. [`BakedMaterial2d`] does the same for the 2D
//! board's tiles and frame.

use bevy::asset::{AssetPath, embedded_asset, embedded_path};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// Opaque, unlit, coloured by its mesh's vertex colours.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone, Default)]
pub struct BakedMaterial {}

impl Material for BakedMaterial {
    fn fragment_shader() -> ShaderRef {
        shader_path().into()
    }
}

/// Opaque, coloured by its 2D mesh's vertex colours: the 2D board's tiles
/// and frame. Bevy's `ColorMaterial` would multiply in a colour, transform
/// texture coordinates, test for a texture and run the camera's colour
/// grading (the identity here: exposure 0, saturation 1) for every pixel,
/// which on a software renderer made the 2D board cost more than the 3D
/// one per pixel.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone, Default)]
pub struct BakedMaterial2d {}

impl bevy::sprite_render::Material2d for BakedMaterial2d {
    fn fragment_shader() -> ShaderRef {
        shader_path_2d().into()
    }
}

/// Where [`render_plugin`] embeds the shader: the same macro names it, so a
/// moved module or a renamed crate cannot lose it (a hand-written path did,
/// and the 3D view drew nothing).
pub fn shader_path() -> AssetPath<'static> {
    embedded(embedded_path!("baked.wgsl"))
}

/// Where [`render_plugin`] embeds the 2D shader (as [`shader_path`]).
pub fn shader_path_2d() -> AssetPath<'static> {
    embedded(embedded_path!("baked_2d.wgsl"))
}

/// The asset path of a file `embedded_asset!` embedded at `path`.
fn embedded(path: std::path::PathBuf) -> AssetPath<'static> {
    AssetPath::from_path_buf(path).with_source("embedded")
}

/// Registers the shader and the material's render pipeline (windowed app only;
/// the headless app only needs the asset type).
pub fn render_plugin(app: &mut App) {
    embedded_asset!(app, "baked.wgsl");
    embedded_asset!(app, "baked_2d.wgsl");
    app.add_plugins((
        MaterialPlugin::<BakedMaterial>::default(),
        bevy::sprite_render::Material2dPlugin::<BakedMaterial2d>::default(),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 3D view drew nothing when the shader was looked up under the
    /// one-crate module path: it is looked up where this crate embeds it.
    #[test]
    fn the_shader_is_looked_up_where_this_crate_embeds_it() {
        let p = shader_path();
        assert_eq!(
            p.to_string(),
            "embedded://chimera_client/piece_art/baked.wgsl"
        );
        assert_eq!(
            shader_path_2d().to_string(),
            "embedded://chimera_client/piece_art/baked_2d.wgsl"
        );
        let file =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/piece_art/baked.wgsl");
        assert!(file.is_file(), "{}", file.display());
        let file = file.with_file_name("baked_2d.wgsl");
        assert!(file.is_file(), "{}", file.display());
    }
}
