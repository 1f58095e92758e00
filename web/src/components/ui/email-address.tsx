/**
 * An e-mail address that may break before its '@' and nowhere else (unless one part alone is
 * wider than the space): 'olga.petrova' / '@example.com' reads; 'olga.petrova@exam' / 'ple.com'
 * does not.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
