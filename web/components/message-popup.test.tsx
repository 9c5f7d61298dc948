// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { MessagePopup } from './message-popup-dialog.tsx';
import { PopupProvider, usePopup, type PopupOptions } from './message-popup.tsx';

function Opener({
  options,
  onResult,
}: {
  options: PopupOptions;
  onResult: (value: boolean) => void;
}) {
  const popup = usePopup();
  useEffect(() => {
    void popup.show(options).then(onResult);
  }, [popup, options, onResult]);
  return null;
}

describe('the message popup', () => {
  it('shows a title, a text message and the default "Done" button, and reports true on confirm', async () => {
    const onResult = vi.fn();
    const onClose = vi.fn();
    renderWithApp(
      <PopupProvider>
        <Opener
          options={{ title: 'Saved', message: 'Your changes are saved.', onClose }}
          onResult={onResult}
        />
      </PopupProvider>,
    );
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByText('Your changes are saved.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('in yesno mode has a cancel button that reports false', async () => {
    const onResult = vi.fn();
    renderWithApp(
      <PopupProvider>
        <Opener
          options={{ title: 'Delete?', mode: 'yesno', confirmLabel: 'Delete' }}
          onResult={onResult}
        />
      </PopupProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
  });

  it('shows a list of lines as a list and an element as is', () => {
    const { rerender } = renderWithApp(
      <MessagePopup
        options={{ title: 'Check', message: ['First line', 'Second line'] }}
        onResult={() => {}}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'First line',
      'Second line',
    ]);
    rerender(
      <MessagePopup
        options={{ title: 'Check', message: <strong data-testid="custom">Bold</strong> }}
        onResult={() => {}}
      />,
    );
    expect(screen.getByTestId('custom').textContent).toBe('Bold');
  });

  it('does not close when the overlay is clicked', async () => {
    const onResult = vi.fn();
    renderWithApp(<MessagePopup options={{ title: 'Stay' }} onResult={onResult} />);
    await screen.findByText('Stay');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await act(async () => {
      fireEvent.mouseDown(overlay as Element);
      fireEvent.click(overlay as Element);
    });
    expect(onResult).not.toHaveBeenCalled();
    expect(screen.getByText('Stay')).toBeTruthy();
  });
});
