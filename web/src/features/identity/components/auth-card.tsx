import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The frame of the login, sign-up and reset pages: a centred card under its heading. */
export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <section className="flex grow justify-center px-4 py-10 md:py-16">
      <div className="card bg-base-100 border-base-300 h-fit w-full max-w-md border shadow-lg">
        <div className="card-body gap-4 p-6 md:p-8">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}
