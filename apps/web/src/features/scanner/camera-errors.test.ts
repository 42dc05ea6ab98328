import { describe, expect, it } from 'vitest';
import { cameraErrorOf } from './camera-errors.ts';

describe('cameraErrorOf', () => {
  it('tells a refused permission, a missing camera and a busy one apart', () => {
    expect(cameraErrorOf(new DOMException('Permission denied', 'NotAllowedError'), true)).toBe('denied');
    expect(cameraErrorOf(new DOMException('Requested device not found', 'NotFoundError'), true)).toBe('notFound');
    expect(cameraErrorOf('Camera not found.', true)).toBe('notFound');
    expect(cameraErrorOf(new DOMException('Could not start video source', 'NotReadableError'), true)).toBe('busy');
    expect(cameraErrorOf(new Error('boom'), true)).toBe('failed');
  });

  it('blames plain HTTP first, where browsers hide the camera altogether', () => {
    expect(cameraErrorOf('Camera not found.', false)).toBe('insecure');
  });
});
