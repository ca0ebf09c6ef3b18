/** A file whose preview cannot be made; `reason` is Ukrainian and completes «Не вдалося прочитати файл: …». */
export class PreviewFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PreviewFailure';
  }
}
