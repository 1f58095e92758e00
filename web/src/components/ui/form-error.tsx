import { useEffect, useRef } from 'react';

interface FormErrorProps {
  message: string | null | undefined;
  /**
   * Moves the focus to the message as it appears (a declined card): read out at once, and the
   * keyboard's next Tab leads back into the form from there.
   */
  takeFocus?: boolean;
}

/** A failure the user must read (the server's message), in red under the form; nothing when none. */
export function FormError({ message, takeFocus = false }: FormErrorProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus && message) ref.current?.focus();
  }, [takeFocus, message]);
  if (!message) return null;
  return (
    <p
      ref={ref}
      role="alert"
      tabIndex={takeFocus ? -1 : undefined}
      className="text-error text-sm font-semibold"
    >
      {message}
    </p>
  );
}
