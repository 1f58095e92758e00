interface FormErrorProps {
  message: string | null | undefined;
}

/** A failure the user must read (the server's message), in red under the form; nothing when none. */
export function FormError({ message }: FormErrorProps) {
  if (!message) return null;
  return (
    <p role="alert" className="text-error text-sm font-semibold">
      {message}
    </p>
  );
}
