import { texts } from '@tools-factory/contract';
import { TextPage } from '../components/text-page';

/** /about: who makes the tools. */
export default function AboutPage() {
  return (
    <TextPage title={texts.about.title} widthClassName="max-w-3xl">
      <p className="text-base-content/80 mt-8 text-lg leading-relaxed">{texts.about.body}</p>
    </TextPage>
  );
}
