// Chimera's baked 2D material: the board's tiles and frame, whose colour is
// in their vertices. A fragment is its colour (no texture, no colour
// grading: the 2D camera grades nothing).
#import bevy_sprite::mesh2d_vertex_output::VertexOutput

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
#ifdef VERTEX_COLORS
    return vec4<f32>(in.color.rgb, 1.0);
#else
    return vec4<f32>(1.0, 0.0, 1.0, 1.0);
#endif
}
