//! The material of everything whose colour, lighting included, is baked
//! into its vertices (3D pieces, tiles and the board frame): its fragment
//! shader only passes the vertex colour on. The standard PBR shader, even
//! unlit, costs several times more per pixel, which under software Vulkan
//! was most of the 3D frame.

use bevy::asset::embedded_asset;
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// Opaque, unlit, coloured by its mesh's vertex colours.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone, Default)]
pub struct BakedMaterial {}

impl Material for BakedMaterial {
    fn fragment_shader() -> ShaderRef {
        "embedded://chimera/app/piece_art/baked.wgsl".into()
    }
}

/// Registers the shader and the material's render pipeline (windowed app only;
/// the headless app only needs the asset type).
pub fn render_plugin(app: &mut App) {
    embedded_asset!(app, "baked.wgsl");
    app.add_plugins(MaterialPlugin::<BakedMaterial>::default());
}
