import { useEffect } from 'react';
import { useAppDispatch } from '@client/app/hooks';
import { jobsBadgeHidden, jobsBadgeShown } from './adminJobsSlice';
import './adminJobsFeature'; // the feature's slice and saga, in the store before this mounts

/**
 * Mounted by the admin shell while an admin is logged in: the failed-jobs count is read now and every minute, and no
 * more once the shell goes. Draws nothing (the shell's menu shows the count).
 */
export default function JobsBadgeWatcher() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(jobsBadgeShown());
    return () => {
      dispatch(jobsBadgeHidden());
    };
  }, [dispatch]);
  return null;
}
