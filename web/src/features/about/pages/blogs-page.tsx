import { texts } from '@tools-factory/contract';
import { TextPage } from '../components/text-page';

/** /blogs: five questions on React, each with its answer. */
export default function BlogsPage() {
  return (
    <TextPage title={texts.blogs.title} widthClassName="max-w-4xl">
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
    </TextPage>
  );
}
