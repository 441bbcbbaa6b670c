// draco3dgltf ships no types; the model script only asks it for its encoder, which glTF-Transform then drives.
declare module 'draco3dgltf' {
  export type EncoderModule = unknown;
  export type DecoderModule = unknown;
  const draco3d: { createEncoderModule(): Promise<EncoderModule>; createDecoderModule(): Promise<DecoderModule> };
  export default draco3d;
}
