import { useEffect, useState, type FormEvent } from 'react';
import type { ServiceCard } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminCardsMessages } from '../../../shared/i18n/locales/en/admin';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/status';
import { TextAreaField, TextField } from '../../../shared/ui/text-field';
import { ADMIN_MESSAGES, failureWith } from '../admin-messages';
import { useUpdatePageMutation } from '../api';
import { addCardOnTop, cardsToSave, editableCards, priceError, removeCard, updateCard, type CardErrors, type EditableCard } from '../service-cards';

/**
 * The landing page's service cards: title, body and price per card, 'Remove Card', 'Add Service Card'
 * (at the top: 'New Service' / 'Service description' / '0') and 'Update Service Cards' ('Updating...').
 */
export function ServiceCardsEditor({ cards: stored }: { cards: readonly ServiceCard[] }) {
  const { toast } = useToast();
  const t = useMessages(adminCardsMessages);
  const [cards, setCards] = useState<EditableCard[]>(() => editableCards(stored));
  const [errors, setErrors] = useState<CardErrors>({});
  const [update, { isLoading: saving }] = useUpdatePageMutation();

  useEffect(() => {
    setCards(editableCards(stored));
    setErrors({});
  }, [stored]);

  const change = (key: string, field: 'title' | 'body' | 'price', value: string) => {
    setCards((list) => updateCard(list, key, { [field]: value }));
    if (field === 'price') {
      const message = priceError(value);
      setErrors((e) => ({ ...e, [key]: { ...e[key], price: message ?? undefined } }));
    } else if (field === 'title') {
      setErrors((e) => ({ ...e, [key]: { ...e[key], title: undefined } }));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = cardsToSave(cards);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await update({ page: 'home', data: { Cards: checked.cards } }).unwrap();
      toast(ADMIN_MESSAGES.cards.success);
    } catch (error) {
      toast(failureWith(ADMIN_MESSAGES.cards.failure, errorMessage(error, '') || null));
    }
  };

  return (
    <Card title={t.title} description={t.description}>
      <form className="stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="row">
          <Button variant="outline" disabled={saving} onClick={() => setCards((list) => addCardOnTop(list))}>
            {t.add}
          </Button>
        </div>
        {cards.length === 0 && <EmptyState>{t.empty}</EmptyState>}
        <ol className="card-editor-list" aria-label={t.list}>
          {cards.map((card, index) => (
            <li key={card.key} className="card-editor" aria-label={t.cardLabel({ n: index + 1, title: card.title || t.untitled })}>
              <fieldset className="form-section" disabled={saving}>
                <legend>{t.legend({ n: index + 1 })}</legend>
                <div className="form-grid">
                  <TextField
                    label={t.fieldTitle}
                    name={`card-${index}-title`}
                    maxLength={120}
                    required
                    value={card.title}
                    onChange={(e) => change(card.key, 'title', e.target.value)}
                    error={errors[card.key]?.title}
                  />
                  <TextField
                    label={t.price}
                    name={`card-${index}-price`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.01"
                    required
                    value={card.price}
                    onChange={(e) => change(card.key, 'price', e.target.value)}
                    error={errors[card.key]?.price}
                  />
                </div>
                <TextAreaField
                  label={t.body}
                  name={`card-${index}-body`}
                  rows={2}
                  maxLength={1000}
                  value={card.body}
                  onChange={(e) => change(card.key, 'body', e.target.value)}
                />
                <div className="row row--end">
                  <Button variant="destructive" size="sm" aria-label={t.removeLabel({ n: index + 1 })} onClick={() => setCards((list) => removeCard(list, card.key))}>
                    {t.remove}
                  </Button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="row row--end">
          <Button type="submit" busy={saving}>
            {saving ? t.updating : t.update}
          </Button>
        </div>
      </form>
    </Card>
  );
}
