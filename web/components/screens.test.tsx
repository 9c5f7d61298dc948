// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ChunkErrorScreen } from './chunk-error-screen.tsx';
import { ClosedBetaNotice, MaintenanceNotice } from './notice-screens.tsx';

describe('notice and error screens', () => {
  it('explain a missing and a timed-out page chunk, with a retry', () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithApp(<ChunkErrorScreen kind="missing" onRetry={onRetry} />);
    expect(screen.getByText(/could not be downloaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<ChunkErrorScreen kind="timeout" onRetry={onRetry} />);
    expect(screen.getByText(/took too long/)).toBeTruthy();
  });

  it('show the maintenance message of the spec', () => {
    renderWithApp(<MaintenanceNotice />);
    expect(screen.getByText('Maintaining, please come back later.')).toBeTruthy();
  });

  it('offer registration on the closed-beta notice', () => {
    const onRegister = vi.fn();
    renderWithApp(<ClosedBetaNotice onRegister={onRegister} />);
    fireEvent.click(screen.getByRole('button', { name: 'Register and wait' }));
    expect(onRegister).toHaveBeenCalledOnce();
  });
});
