import { css } from 'lit';

export const avatarStyles = css`
  .avatar {
    position: relative;
    display: grid;
    place-items: center;
    flex: none;
    width: 32px;
    height: 32px;
    margin-top: 2px;
    border-radius: 7px;
    overflow: hidden;
    color: #fff;
    font-weight: 650;
    font-size: 14px;
  }
  .avatar img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .avatar img[hidden] {
    display: none;
  }
  /* White initials on each hue pass AA contrast. */
  .h0 {
    background: #4f46e5;
  }
  .h1 {
    background: #0e7490;
  }
  .h2 {
    background: #047857;
  }
  .h3 {
    background: #a16207;
  }
  .h4 {
    background: #b91c1c;
  }
  .h5 {
    background: #9d174d;
  }
  .h6 {
    background: #6d28d9;
  }
  .h7 {
    background: #475569;
  }
`;
