import { texts } from '@tools-factory/contract';

/** /blogs: five questions on React, each with its answer. */
export default function BlogsPage() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold tracking-wide md:text-4xl">
        {texts.blogs.title}
      </h1>
      <span className="bg-primary mx-auto mt-3 block h-1 w-16 rounded" aria-hidden="true" />
      <ol className="mt-10 flex flex-col gap-6">
        {texts.blogs.posts.map((post, index) => (
          <li key={post.question}>
            <article className="card bg-base-100 border-base-300 border shadow-sm">
              <div className="card-body">
                <h2 className="card-title text-lg md:text-xl">
                  <span className="text-accent" aria-hidden="true">
                    {index + 1}.
                  </span>
                  {post.question}
                </h2>
                <p className="text-base-content/80 leading-relaxed">{post.answer}</p>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
