import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../core/notify.js';
import { canUse, useFramework } from '../core/session.js';
import { useT } from '../core/i18n.js';

/** Shown by project pages without a current run: the user picks a project first. */
export function ChooseProject() {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    notify.show('warning', t('project.home.chooseProject'));
    // "Enter system" is where a project is chosen; users without the project list have it as their start page.
    const state = useFramework.getState();
    void navigate(canUse(state, 'menu.projectList') ? '/fw0/stsRun/list' : '/fw0/dp', { replace: true });
  }, [navigate, t]);
  return null;
}
