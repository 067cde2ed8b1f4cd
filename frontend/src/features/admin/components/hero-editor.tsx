import { useEffect, useState, type FormEvent } from 'react';
import type { HomeView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminHeroMessages } from '../../../shared/i18n/locales/en/admin';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { TextAreaField, TextField } from '../../../shared/ui/text-field';
import { ADMIN_MESSAGES, failureWith } from '../admin-messages';
import { useUpdatePageMutation } from '../api';

interface HeroValues {
  heroHeading1: string;
  heroHeading2: string;
  heroParagraph: string;
}

const heroOf = (home: HomeView): HeroValues => ({
  heroHeading1: home.heroHeading1,
  heroHeading2: home.heroHeading2,
  heroParagraph: home.heroParagraph,
});

/** The landing page's hero: two heading lines and the paragraph. */
export function HeroEditor({ home }: { home: HomeView }) {
  const { toast } = useToast();
  const t = useMessages(adminHeroMessages);
  const [values, setValues] = useState<HeroValues>(() => heroOf(home));
  const [update, { isLoading: saving }] = useUpdatePageMutation();

  useEffect(() => setValues(heroOf(home)), [home]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await update({
        page: 'home',
        data: { heroHeading1: values.heroHeading1.trim(), heroHeading2: values.heroHeading2.trim(), heroParagraph: values.heroParagraph.trim() },
      }).unwrap();
      toast(ADMIN_MESSAGES.hero.success);
    } catch (error) {
      toast(failureWith(ADMIN_MESSAGES.hero.failure, errorMessage(error, '') || null));
    }
  };

  return (
    <Card title={t.title} description={t.description}>
      <form className="stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="form-section" disabled={saving}>
          <legend className="visually-hidden">{t.title}</legend>
          <div className="form-grid">
            <TextField
              label={t.heading1}
              name="heroHeading1"
              maxLength={200}
              value={values.heroHeading1}
              onChange={(e) => setValues((v) => ({ ...v, heroHeading1: e.target.value }))}
            />
            <TextField
              label={t.heading2}
              name="heroHeading2"
              maxLength={200}
              value={values.heroHeading2}
              onChange={(e) => setValues((v) => ({ ...v, heroHeading2: e.target.value }))}
            />
          </div>
          <TextAreaField
            label={t.paragraph}
            name="heroParagraph"
            rows={3}
            maxLength={2000}
            value={values.heroParagraph}
            onChange={(e) => setValues((v) => ({ ...v, heroParagraph: e.target.value }))}
          />
        </fieldset>
        <div className="row row--end">
          <Button type="submit" busy={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
